// Float and tensor forms: read here so that the HLS flow can reject them with a location.
func.func @ft(%a: f32, %b: f32, %t: tensor<4xi32>, %u: tensor<4x4xf32>, %m: memref<4xf32>, %i: index) -> tensor<4x4xf32> {
  %c = arith.constant 2.5 : f32
  %0 = arith.addf %a, %b : f32
  %1 = arith.mulf %0, %c fastmath<fast> : f32
  %2 = arith.subf %1, %a : f32
  %3 = arith.divf %2, %b : f32
  %4 = arith.cmpf olt, %3, %a : f32
  %5 = arith.negf %3 : f32
  %6 = arith.fptosi %5 : f32 to i32
  %7 = arith.sitofp %6 : i32 to f32
  %8 = arith.addi %t, %t : tensor<4xi32>
  %9 = arith.cmpi slt, %t, %8 : tensor<4xi32>
  %10 = arith.select %4, %7, %a : f32
  memref.store %10, %m[%i] : memref<4xf32>
  %11 = affine.load %m[%i] : memref<4xf32>
  %12 = linalg.matmul ins(%u, %u : tensor<4x4xf32>, tensor<4x4xf32>) outs(%u : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %12 : tensor<4x4xf32>
}
