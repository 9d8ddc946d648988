#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0 + d2, d1 + d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#map6 = affine_map<(d0, d1) -> (d1, d0)>
#map7 = affine_map<(d0) -> (d0)>
#map8 = affine_map<(d0) -> ()>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x6xi16>, memref<6xi16>, memref<4xi16>, memref<6x6xi8>, memref<3x3xi8>, memref<4x4xi8>, memref<6x4xi16>, memref<i16>) -> (), sym_name = "lin"}> ({
  ^bb0(%arg0: memref<4x6xi16>, %arg1: memref<6xi16>, %arg2: memref<4xi16>, %arg3: memref<6x6xi8>, %arg4: memref<3x3xi8>, %arg5: memref<4x4xi8>, %arg6: memref<6x4xi16>, %arg7: memref<i16>):
    %0 = "arith.constant"() <{value = 7 : i16}> : () -> i16
    "linalg.fill"(%0, %arg2) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg19: i16, %arg20: i16):
      "linalg.yield"(%arg19) : (i16) -> ()
    }) : (i16, memref<4xi16>) -> ()
    "linalg.matvec"(%arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg16: i16, %arg17: i16, %arg18: i16):
      %6 = "arith.muli"(%arg16, %arg17) <{overflowFlags = #arith.overflow<none>}> : (i16, i16) -> i16
      %7 = "arith.addi"(%arg18, %6) <{overflowFlags = #arith.overflow<none>}> : (i16, i16) -> i16
      "linalg.yield"(%7) : (i16) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2]} : (memref<4x6xi16>, memref<6xi16>, memref<4xi16>) -> ()
    "linalg.conv_2d"(%arg3, %arg4, %arg5) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg13: i8, %arg14: i8, %arg15: i8):
      %4 = "arith.muli"(%arg13, %arg14) <{overflowFlags = #arith.overflow<none>}> : (i8, i8) -> i8
      %5 = "arith.addi"(%arg15, %4) <{overflowFlags = #arith.overflow<none>}> : (i8, i8) -> i8
      "linalg.yield"(%5) : (i8) -> ()
    }) {linalg.memoized_indexing_maps = [#map3, #map4, #map5]} : (memref<6x6xi8>, memref<3x3xi8>, memref<4x4xi8>) -> ()
    "linalg.generic"(%arg0, %arg6) <{indexing_maps = [#map, #map6], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg11: i16, %arg12: i16):
      %3 = "arith.subi"(%arg11, %0) <{overflowFlags = #arith.overflow<none>}> : (i16, i16) -> i16
      "linalg.yield"(%3) : (i16) -> ()
    }) : (memref<4x6xi16>, memref<6x4xi16>) -> ()
    "linalg.dot"(%arg1, %arg1, %arg7) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg8: i16, %arg9: i16, %arg10: i16):
      %1 = "arith.muli"(%arg8, %arg9) <{overflowFlags = #arith.overflow<none>}> : (i16, i16) -> i16
      %2 = "arith.addi"(%arg10, %1) <{overflowFlags = #arith.overflow<none>}> : (i16, i16) -> i16
      "linalg.yield"(%2) : (i16) -> ()
    }) {linalg.memoized_indexing_maps = [#map7, #map7, #map8]} : (memref<6xi16>, memref<6xi16>, memref<i16>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

