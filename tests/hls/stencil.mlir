#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> (d0 - 1)>
#map2 = affine_map<(d0) -> (d0 + 1)>
#map3 = affine_map<() -> (0)>
#map4 = affine_map<() -> (64)>
#set = affine_set<(d0) : (d0 - 1 >= 0, -d0 + 62 >= 0)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<64xi32>, memref<64xi32>, i32) -> (), sym_name = "stencil"}> ({
  ^bb0(%arg0: memref<64xi32>, %arg1: memref<64xi32>, %arg2: i32):
    "affine.for"() <{lowerBoundMap = #map3, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = #map4}> ({
    ^bb0(%arg3: index):
      %0 = "affine.load"(%arg0, %arg3) <{map = #map}> : (memref<64xi32>, index) -> i32
      "affine.if"(%arg3) ({
        %1 = "affine.load"(%arg0, %arg3) <{map = #map1}> : (memref<64xi32>, index) -> i32
        %2 = "affine.load"(%arg0, %arg3) <{map = #map2}> : (memref<64xi32>, index) -> i32
        %3 = "arith.addi"(%1, %2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %4 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %5 = "arith.shli"(%0, %4) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %6 = "arith.addi"(%3, %5) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %7 = "arith.cmpi"(%6, %arg2) <{predicate = 4 : i64}> : (i32, i32) -> i1
        %8 = "arith.select"(%7, %arg2, %6) : (i1, i32, i32) -> i32
        "affine.store"(%8, %arg1, %arg3) <{map = #map}> : (i32, memref<64xi32>, index) -> ()
        "affine.yield"() : () -> ()
      }, {
        "affine.store"(%0, %arg1, %arg3) <{map = #map}> : (i32, memref<64xi32>, index) -> ()
        "affine.yield"() : () -> ()
      }) {condition = #set} : (index) -> ()
      "affine.yield"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

