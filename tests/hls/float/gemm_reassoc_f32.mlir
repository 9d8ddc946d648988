// PolyBench-style gemm in f32 accumulating in memory: C = beta * C, then C[i][j] +=
// alpha * A[i][k] * B[k][j] with fastmath<reassoc> on the sum. The k loop loads, adds and
// stores one cell (a recurrence through memory): with --pipeline scalar replacement keeps
// it in a register and reassociation splits it into partial sums; otherwise the order is
// the source's.
func.func @gemm_reassoc_f32(%alpha: f32, %beta: f32, %A: memref<4x16xf32>, %B: memref<16x4xf32>, %C: memref<4x4xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %c = affine.load %C[%i, %j] : memref<4x4xf32>
      %bc = arith.mulf %beta, %c : f32
      affine.store %bc, %C[%i, %j] : memref<4x4xf32>
    }
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<4x16xf32>
        %aa = arith.mulf %alpha, %a : f32
        %b = affine.load %B[%k, %j] : memref<16x4xf32>
        %p = arith.mulf %aa, %b : f32
        %s = affine.load %C[%i, %j] : memref<4x4xf32>
        %t = arith.addf %s, %p fastmath<reassoc> : f32
        affine.store %t, %C[%i, %j] : memref<4x4xf32>
      }
    }
  }
  return
}
