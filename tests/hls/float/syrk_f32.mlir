// PolyBench-style syrk in f32: C = alpha * A A^T + beta * C on the lower triangle (j <= i)
// of a 5x5 C, A of 5x4; triangular bounds through an affine map, sums in the source's order.
#tri = affine_map<(d0) -> (d0 + 1)>
func.func @syrk_f32(%alpha: f32, %beta: f32, %A: memref<5x4xf32>, %C: memref<5x5xf32>) {
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to #tri(%i) {
      %c = affine.load %C[%i, %j] : memref<5x5xf32>
      %bc = arith.mulf %c, %beta : f32
      affine.store %bc, %C[%i, %j] : memref<5x5xf32>
    }
    affine.for %k = 0 to 4 {
      affine.for %j = 0 to #tri(%i) {
        %aj = affine.load %A[%j, %k] : memref<5x4xf32>
        %s = arith.mulf %alpha, %aj : f32
        %ai = affine.load %A[%i, %k] : memref<5x4xf32>
        %p = arith.mulf %s, %ai : f32
        %c = affine.load %C[%i, %j] : memref<5x5xf32>
        %n = arith.addf %c, %p : f32
        affine.store %n, %C[%i, %j] : memref<5x5xf32>
      }
    }
  }
  return
}
