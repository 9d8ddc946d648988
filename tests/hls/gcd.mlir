"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32) -> (i32, i32), sym_name = "gcd"}> ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %2:3 = "scf.while"(%arg0, %arg1, %0) ({
    ^bb0(%arg5: i32, %arg6: i32, %arg7: i32):
      %5 = "arith.cmpi"(%arg6, %0) <{predicate = 1 : i64}> : (i32, i32) -> i1
      "scf.condition"(%5, %arg5, %arg6, %arg7) : (i1, i32, i32, i32) -> ()
    }, {
    ^bb0(%arg2: i32, %arg3: i32, %arg4: i32):
      %3 = "arith.remui"(%arg2, %arg3) : (i32, i32) -> i32
      %4 = "arith.addi"(%arg4, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"(%arg3, %3, %4) : (i32, i32, i32) -> ()
    }) : (i32, i32, i32) -> (i32, i32, i32)
    "func.return"(%2#0, %2#2) : (i32, i32) -> ()
  }) : () -> ()
}) : () -> ()

