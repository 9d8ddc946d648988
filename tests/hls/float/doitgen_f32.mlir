// PolyBench-style doitgen in f32: for each (r, q), A[r][q][p] = sum_s A[r][q][s] * C4[s][p]
// on a 2x3x4 A, the row first summed into an on-chip sum[4] then copied back (in place).
func.func @doitgen_f32(%A: memref<2x3x4xf32>, %C4: memref<4x4xf32>) {
  %z = arith.constant 0.0 : f32
  %sum = memref.alloc() : memref<4xf32>
  affine.for %r = 0 to 2 {
    affine.for %q = 0 to 3 {
      affine.for %p = 0 to 4 {
        %s = affine.for %k = 0 to 4 iter_args(%acc = %z) -> (f32) {
          %a = affine.load %A[%r, %q, %k] : memref<2x3x4xf32>
          %c = affine.load %C4[%k, %p] : memref<4x4xf32>
          %m = arith.mulf %a, %c : f32
          %n = arith.addf %acc, %m : f32
          affine.yield %n : f32
        }
        affine.store %s, %sum[%p] : memref<4xf32>
      }
      affine.for %p = 0 to 4 {
        %v = affine.load %sum[%p] : memref<4xf32>
        affine.store %v, %A[%r, %q, %p] : memref<2x3x4xf32>
      }
    }
  }
  return
}
