// PolyBench-style 2mm in f32 on 4x4 matrices: tmp = alpha * A * B, then D = beta * D + tmp * C,
// every inner product summed in the source's order (no fastmath) through a carried value.
func.func @twomm_f32(%alpha: f32, %beta: f32, %A: memref<4x4xf32>, %B: memref<4x4xf32>, %C: memref<4x4xf32>, %D: memref<4x4xf32>) {
  %z = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<4x4xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %s = affine.for %k = 0 to 4 iter_args(%acc = %z) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<4x4xf32>
        %aa = arith.mulf %alpha, %a : f32
        %b = affine.load %B[%k, %j] : memref<4x4xf32>
        %p = arith.mulf %aa, %b : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %tmp[%i, %j] : memref<4x4xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %d = affine.load %D[%i, %j] : memref<4x4xf32>
      %bd = arith.mulf %beta, %d : f32
      %s = affine.for %k = 0 to 4 iter_args(%acc = %bd) -> (f32) {
        %t = affine.load %tmp[%i, %k] : memref<4x4xf32>
        %c = affine.load %C[%k, %j] : memref<4x4xf32>
        %p = arith.mulf %t, %c : f32
        %u = arith.addf %acc, %p : f32
        affine.yield %u : f32
      }
      affine.store %s, %D[%i, %j] : memref<4x4xf32>
    }
  }
  return
}
