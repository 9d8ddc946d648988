#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<() -> (0)>
#map2 = affine_map<() -> (10)>
#map3 = affine_map<(d0) -> (d0 + 6)>
#map4 = affine_map<() -> (4)>
"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "scale"}> ({
  ^bb0(%arg6: i32, %arg7: i32):
    %6 = "arith.muli"(%arg6, %arg7) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %7 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %8 = "arith.addi"(%6, %7) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "func.return"(%8) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (memref<10xi32>, memref<10xi32>, memref<10xi32>, i32) -> (), sym_name = "vadd"}> ({
  ^bb0(%arg0: memref<10xi32>, %arg1: memref<10xi32>, %arg2: memref<10xi32>, %arg3: i32):
    "affine.for"() <{lowerBoundMap = #map1, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = #map2}> ({
    ^bb0(%arg5: index):
      %2 = "affine.load"(%arg0, %arg5) <{map = #map}> : (memref<10xi32>, index) -> i32
      %3 = "affine.load"(%arg1, %arg5) <{map = #map}> : (memref<10xi32>, index) -> i32
      %4 = "arith.addi"(%2, %3) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %5 = "func.call"(%4, %arg3) <{callee = @scale}> : (i32, i32) -> i32
      "affine.store"(%5, %arg2, %arg5) <{map = #map}> : (i32, memref<10xi32>, index) -> ()
      "affine.yield"() : () -> ()
    }) {hls.unroll = 4 : i64} : () -> ()
    "affine.for"() <{lowerBoundMap = #map1, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = #map4}> ({
    ^bb0(%arg4: index):
      %0 = "affine.load"(%arg2, %arg4) <{map = #map}> : (memref<10xi32>, index) -> i32
      %1 = "arith.subi"(%0, %arg3) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "affine.store"(%1, %arg2, %arg4) <{map = #map3}> : (i32, memref<10xi32>, index) -> ()
      "affine.yield"() : () -> ()
    }) {hls.unroll = 8 : i64} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

