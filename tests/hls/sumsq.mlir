"builtin.module"() ({
  "func.func"() <{function_type = (memref<100xi16>, index) -> i32, sym_name = "sumsq"}> ({
  ^bb0(%arg0: memref<100xi16>, %arg1: index):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %3 = "scf.for"(%0, %arg1, %1, %2) ({
    ^bb0(%arg2: index, %arg3: i32):
      %4 = "memref.load"(%arg0, %arg2) : (memref<100xi16>, index) -> i16
      %5 = "arith.extsi"(%4) : (i16) -> i32
      %6 = "arith.muli"(%5, %5) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %7 = "arith.addi"(%arg3, %6) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"(%7) : (i32) -> ()
    }) : (index, index, index, i32) -> i32
    "func.return"(%3) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

