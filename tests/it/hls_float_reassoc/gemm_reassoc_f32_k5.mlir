// The order `rmlir-hls --pipeline` (10 ns clock) computes tests/hls/float/gemm_reassoc_f32.mlir
// in, spelled out for mlir-cpu-runner: the cell C[i][j] is loaded once before the k loop
// (the initial value), the sum goes to k = 5 partial sums rotated every iteration, all
// starting at -0.0, and after the loop the tree ((init + p0) + (p1 + p2)) + (p3 + p4) is
// stored back.
func.func @gemm_reassoc_f32(%alpha: f32, %beta: f32, %A: memref<4x16xf32>, %B: memref<16x4xf32>, %C: memref<4x4xf32>) {
  %id = arith.constant -0.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %c = affine.load %C[%i, %j] : memref<4x4xf32>
      %bc = arith.mulf %beta, %c : f32
      affine.store %bc, %C[%i, %j] : memref<4x4xf32>
    }
    affine.for %j = 0 to 4 {
      %init = affine.load %C[%i, %j] : memref<4x4xf32>
      %r:5 = affine.for %k = 0 to 16 iter_args(%q0 = %id, %q1 = %id, %q2 = %id, %q3 = %id, %q4 = %id)
          -> (f32, f32, f32, f32, f32) {
        %a = affine.load %A[%i, %k] : memref<4x16xf32>
        %aa = arith.mulf %alpha, %a : f32
        %b = affine.load %B[%k, %j] : memref<16x4xf32>
        %p = arith.mulf %aa, %b : f32
        %t = arith.addf %q0, %p : f32
        affine.yield %q1, %q2, %q3, %q4, %t : f32, f32, f32, f32, f32
      }
      %l0 = arith.addf %init, %r#0 : f32
      %l1 = arith.addf %r#1, %r#2 : f32
      %l2 = arith.addf %r#3, %r#4 : f32
      %m0 = arith.addf %l0, %l1 : f32
      %t = arith.addf %m0, %l2 : f32
      affine.store %t, %C[%i, %j] : memref<4x4xf32>
    }
  }
  return
}
