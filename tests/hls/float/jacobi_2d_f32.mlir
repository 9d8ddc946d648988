// PolyBench-style jacobi-2d in f32: 2 time steps on a 6x6 grid, B = 0.2 * (five-point
// stencil of A) on the interior, then the same from B into A, sums in the source's order.
func.func @jacobi_2d_f32(%A: memref<6x6xf32>, %B: memref<6x6xf32>) {
  %fifth = arith.constant 0.2 : f32
  affine.for %t = 0 to 2 {
    affine.for %i = 1 to 5 {
      affine.for %j = 1 to 5 {
        %c = affine.load %A[%i, %j] : memref<6x6xf32>
        %w = affine.load %A[%i, %j - 1] : memref<6x6xf32>
        %e = affine.load %A[%i, %j + 1] : memref<6x6xf32>
        %s = affine.load %A[%i + 1, %j] : memref<6x6xf32>
        %n = affine.load %A[%i - 1, %j] : memref<6x6xf32>
        %s1 = arith.addf %c, %w : f32
        %s2 = arith.addf %s1, %e : f32
        %s3 = arith.addf %s2, %s : f32
        %s4 = arith.addf %s3, %n : f32
        %v = arith.mulf %fifth, %s4 : f32
        affine.store %v, %B[%i, %j] : memref<6x6xf32>
      }
    }
    affine.for %i = 1 to 5 {
      affine.for %j = 1 to 5 {
        %c = affine.load %B[%i, %j] : memref<6x6xf32>
        %w = affine.load %B[%i, %j - 1] : memref<6x6xf32>
        %e = affine.load %B[%i, %j + 1] : memref<6x6xf32>
        %s = affine.load %B[%i + 1, %j] : memref<6x6xf32>
        %n = affine.load %B[%i - 1, %j] : memref<6x6xf32>
        %s1 = arith.addf %c, %w : f32
        %s2 = arith.addf %s1, %e : f32
        %s3 = arith.addf %s2, %s : f32
        %s4 = arith.addf %s3, %n : f32
        %v = arith.mulf %fifth, %s4 : f32
        affine.store %v, %A[%i, %j] : memref<6x6xf32>
      }
    }
  }
  return
}
