// PolyBench-style gemm in f32: C = alpha * A * B + beta * C on 4x4 matrices, the inner
// product summed in the source's order (no fastmath) through a carried value.
func.func @gemm_f32(%alpha: f32, %beta: f32, %A: memref<4x4xf32>, %B: memref<4x4xf32>, %C: memref<4x4xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %c = affine.load %C[%i, %j] : memref<4x4xf32>
      %bc = arith.mulf %beta, %c : f32
      %s = affine.for %k = 0 to 4 iter_args(%acc = %bc) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<4x4xf32>
        %aa = arith.mulf %alpha, %a : f32
        %b = affine.load %B[%k, %j] : memref<4x4xf32>
        %p = arith.mulf %aa, %b : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %C[%i, %j] : memref<4x4xf32>
    }
  }
  return
}
