// PolyBench-style atax in f32: y = A^T (A x) with A of 4x6, the temporary A x kept in a
// carried value per row and y accumulated in memory in the source's order (no fastmath).
func.func @atax_f32(%A: memref<4x6xf32>, %x: memref<6xf32>, %y: memref<6xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %j = 0 to 6 {
    affine.store %z, %y[%j] : memref<6xf32>
  }
  affine.for %i = 0 to 4 {
    %t = affine.for %j = 0 to 6 iter_args(%acc = %z) -> (f32) {
      %a = affine.load %A[%i, %j] : memref<4x6xf32>
      %v = affine.load %x[%j] : memref<6xf32>
      %p = arith.mulf %a, %v : f32
      %s = arith.addf %acc, %p : f32
      affine.yield %s : f32
    }
    affine.for %j = 0 to 6 {
      %yo = affine.load %y[%j] : memref<6xf32>
      %a = affine.load %A[%i, %j] : memref<4x6xf32>
      %p = arith.mulf %a, %t : f32
      %s = arith.addf %yo, %p : f32
      affine.store %s, %y[%j] : memref<6xf32>
    }
  }
  return
}
