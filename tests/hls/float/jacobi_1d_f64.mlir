// PolyBench-style jacobi-1d in f64: 3 time steps on 12 points, B[i] = 0.33333 * (A[i-1] +
// A[i] + A[i+1]) then the same back from B into A, sums in the source's order.
func.func @jacobi_1d_f64(%A: memref<12xf64>, %B: memref<12xf64>) {
  %third = arith.constant 0.33333 : f64
  affine.for %t = 0 to 3 {
    affine.for %i = 1 to 11 {
      %l = affine.load %A[%i - 1] : memref<12xf64>
      %c = affine.load %A[%i] : memref<12xf64>
      %r = affine.load %A[%i + 1] : memref<12xf64>
      %s1 = arith.addf %l, %c : f64
      %s2 = arith.addf %s1, %r : f64
      %v = arith.mulf %third, %s2 : f64
      affine.store %v, %B[%i] : memref<12xf64>
    }
    affine.for %i = 1 to 11 {
      %l = affine.load %B[%i - 1] : memref<12xf64>
      %c = affine.load %B[%i] : memref<12xf64>
      %r = affine.load %B[%i + 1] : memref<12xf64>
      %s1 = arith.addf %l, %c : f64
      %s2 = arith.addf %s1, %r : f64
      %v = arith.mulf %third, %s2 : f64
      affine.store %v, %A[%i] : memref<12xf64>
    }
  }
  return
}
