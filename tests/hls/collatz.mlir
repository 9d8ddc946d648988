"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "collatz"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %2 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    "cf.br"(%arg0, %0)[^bb1] : (i32, i32) -> ()
  ^bb1(%3: i32, %4: i32):  // 3 preds: ^bb0, ^bb3, ^bb4
    %5 = "arith.cmpi"(%3, %1) <{predicate = 7 : i64}> : (i32, i32) -> i1
    "cf.cond_br"(%5)[^bb5, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb2:  // pred: ^bb1
    %6 = "arith.andi"(%3, %1) : (i32, i32) -> i32
    %7 = "arith.cmpi"(%6, %0) <{predicate = 1 : i64}> : (i32, i32) -> i1
    %8 = "arith.addi"(%4, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.cond_br"(%7)[^bb3, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %9 = "arith.muli"(%3, %2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %10 = "arith.addi"(%9, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.br"(%10, %8)[^bb1] : (i32, i32) -> ()
  ^bb4:  // pred: ^bb2
    %11 = "arith.shrui"(%3, %1) : (i32, i32) -> i32
    "cf.br"(%11, %8)[^bb1] : (i32, i32) -> ()
  ^bb5:  // pred: ^bb1
    "func.return"(%4) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

