// RUN: --pipeline --passes if-convert --emit hls-ir
// if-convert: the conditionals of the loop become selects and a predicated store (kernel: tests/hls/clamp.mlir).
"builtin.module"() ({
  "func.func"() <{function_type = (memref<32xi32>, i32, i32) -> (), sym_name = "clamp"}> ({
  ^bb0(%arg0: memref<32xi32>, %arg1: i32, %arg2: i32):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 32 : index}> : () -> index
    "scf.for"(%0, %2, %1) ({
    ^bb0(%arg3: index):
      %3 = "memref.load"(%arg0, %arg3) : (memref<32xi32>, index) -> i32
      %4 = "arith.cmpi"(%3, %arg1) <{predicate = 2 : i64}> : (i32, i32) -> i1
      %5 = "scf.if"(%4) ({
        "scf.yield"(%arg1) : (i32) -> ()
      }, {
        %8 = "arith.cmpi"(%3, %arg2) <{predicate = 4 : i64}> : (i32, i32) -> i1
        %9 = "scf.if"(%8) ({
          "scf.yield"(%arg2) : (i32) -> ()
        }, {
          "scf.yield"(%3) : (i32) -> ()
        }) : (i1) -> i32
        "scf.yield"(%9) : (i32) -> ()
      }) : (i1) -> i32
      %6 = "arith.andi"(%arg3, %1) : (index, index) -> index
      %7 = "arith.cmpi"(%6, %0) <{predicate = 1 : i64}> : (index, index) -> i1
      "scf.if"(%7) ({
        "memref.store"(%5, %arg0, %arg3) : (i32, memref<32xi32>, index) -> ()
        "scf.yield"() : () -> ()
      }, {
      }) : (i1) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

