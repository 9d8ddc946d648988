// RUN: --pipeline --passes iv-reduce --emit hls-ir
// iv-reduce: the inner loop's bounds i - 2 and i + 3 carried in registers (kernel:
// tests/hls/bounds.mlir).
#map = affine_map<(d0) -> ((d0 * 3 + 1) mod 16)>
#map1 = affine_map<(d0) -> (d0 floordiv 2 + d0 ceildiv 3)>
#map2 = affine_map<(d0) -> (0, d0 - 2)>
#map3 = affine_map<(d0)[s0] -> (s0, d0 + 3)>
#map4 = affine_map<(d0) -> (d0 floordiv 2 + 8)>
#map5 = affine_map<() -> (0)>
#map6 = affine_map<() -> (16)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<16xi32>, memref<16xi32>, index) -> (), sym_name = "bounds"}> ({
  ^bb0(%arg0: memref<16xi32>, %arg1: memref<16xi32>, %arg2: index):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "affine.for"() <{lowerBoundMap = #map5, operandSegmentSizes = array<i32: 0, 0, 0>, step = 2 : index, upperBoundMap = #map6}> ({
    ^bb0(%arg3: index):
      %1 = "affine.for"(%arg3, %arg3, %arg2, %0) <{lowerBoundMap = #map2, operandSegmentSizes = array<i32: 1, 2, 1>, step = 1 : index, upperBoundMap = #map3}> ({
      ^bb0(%arg4: index, %arg5: i32):
        %2 = "affine.load"(%arg0, %arg4) <{map = #map}> : (memref<16xi32>, index) -> i32
        %3 = "affine.apply"(%arg4) <{map = #map1}> : (index) -> index
        %4 = "arith.index_cast"(%3) : (index) -> i32
        %5 = "arith.addi"(%2, %4) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %6 = "arith.addi"(%arg5, %5) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        "affine.yield"(%6) : (i32) -> ()
      }) : (index, index, index, i32) -> i32
      "affine.store"(%1, %arg1, %arg3) <{map = #map4}> : (i32, memref<16xi32>, index) -> ()
      "affine.yield"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

