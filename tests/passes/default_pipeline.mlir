// RUN: --pipeline --emit hls-ir
// without --passes: the default HLS pipeline, then the IR (kernel: tests/hls/dot.mlir).
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<() -> (0)>
#map2 = affine_map<() -> (64)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<64xi32>, memref<64xi32>) -> i32, sym_name = "dot"}> ({
  ^bb0(%arg0: memref<64xi32>, %arg1: memref<64xi32>):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "affine.for"(%0) <{lowerBoundMap = #map1, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = #map2}> ({
    ^bb0(%arg2: index, %arg3: i32):
      %2 = "affine.load"(%arg0, %arg2) <{map = #map}> : (memref<64xi32>, index) -> i32
      %3 = "affine.load"(%arg1, %arg2) <{map = #map}> : (memref<64xi32>, index) -> i32
      %4 = "arith.muli"(%2, %3) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %5 = "arith.addi"(%arg3, %4) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "affine.yield"(%5) : (i32) -> ()
    }) : (i32) -> i32
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

