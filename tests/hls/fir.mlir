#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> (d0 + 1)>
#map2 = affine_map<(d0) -> (d0 + 2)>
#map3 = affine_map<(d0) -> (d0 + 3)>
#map4 = affine_map<() -> (0)>
#map5 = affine_map<() -> (32)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<35xi32>, memref<32xi32>) -> (), sym_name = "fir"}> ({
  ^bb0(%arg0: memref<35xi32>, %arg1: memref<32xi32>):
    %0 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = -1 : i32}> : () -> i32
    %2 = "arith.constant"() <{value = 4 : i32}> : () -> i32
    %3 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    "affine.for"() <{lowerBoundMap = #map4, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = #map5}> ({
    ^bb0(%arg2: index):
      %4 = "affine.load"(%arg0, %arg2) <{map = #map}> : (memref<35xi32>, index) -> i32
      %5 = "affine.load"(%arg0, %arg2) <{map = #map1}> : (memref<35xi32>, index) -> i32
      %6 = "affine.load"(%arg0, %arg2) <{map = #map2}> : (memref<35xi32>, index) -> i32
      %7 = "affine.load"(%arg0, %arg2) <{map = #map3}> : (memref<35xi32>, index) -> i32
      %8 = "arith.muli"(%4, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %9 = "arith.muli"(%5, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %10 = "arith.muli"(%6, %2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %11 = "arith.muli"(%7, %3) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %12 = "arith.addi"(%8, %9) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %13 = "arith.addi"(%10, %11) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %14 = "arith.addi"(%12, %13) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "affine.store"(%14, %arg1, %arg2) <{map = #map}> : (i32, memref<32xi32>, index) -> ()
      "affine.yield"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

