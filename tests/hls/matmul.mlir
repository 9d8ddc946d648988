#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<8x8xi16>, memref<8x8xi16>, memref<8x8xi16>) -> (), sym_name = "matmul"}> ({
  ^bb0(%arg0: memref<8x8xi16>, %arg1: memref<8x8xi16>, %arg2: memref<8x8xi16>):
    "linalg.matmul"(%arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg3: i16, %arg4: i16, %arg5: i16):
      %0 = "arith.muli"(%arg3, %arg4) <{overflowFlags = #arith.overflow<none>}> : (i16, i16) -> i16
      %1 = "arith.addi"(%arg5, %0) <{overflowFlags = #arith.overflow<none>}> : (i16, i16) -> i16
      "linalg.yield"(%1) : (i16) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2]} : (memref<8x8xi16>, memref<8x8xi16>, memref<8x8xi16>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

