// PolyBench-style 3mm in f32 on 4x4 matrices: E = A * B, F = C * D, G = E * F, with E and F
// on-chip memories and every inner product summed in the source's order (no fastmath).
func.func @threemm_f32(%A: memref<4x4xf32>, %B: memref<4x4xf32>, %C: memref<4x4xf32>, %D: memref<4x4xf32>, %G: memref<4x4xf32>) {
  %z = arith.constant 0.0 : f32
  %E = memref.alloc() : memref<4x4xf32>
  %F = memref.alloc() : memref<4x4xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %s = affine.for %k = 0 to 4 iter_args(%acc = %z) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<4x4xf32>
        %b = affine.load %B[%k, %j] : memref<4x4xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %E[%i, %j] : memref<4x4xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %s = affine.for %k = 0 to 4 iter_args(%acc = %z) -> (f32) {
        %c = affine.load %C[%i, %k] : memref<4x4xf32>
        %d = affine.load %D[%k, %j] : memref<4x4xf32>
        %p = arith.mulf %c, %d : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %F[%i, %j] : memref<4x4xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %s = affine.for %k = 0 to 4 iter_args(%acc = %z) -> (f32) {
        %e = affine.load %E[%i, %k] : memref<4x4xf32>
        %f = affine.load %F[%k, %j] : memref<4x4xf32>
        %p = arith.mulf %e, %f : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %G[%i, %j] : memref<4x4xf32>
    }
  }
  return
}
