// PolyBench-style bicg in f32: s = A^T r and q = A p in one sweep over A (4x6), s updated in
// memory and q carried per row, both summed in the source's order (no fastmath).
func.func @bicg_f32(%A: memref<4x6xf32>, %r: memref<4xf32>, %p: memref<6xf32>, %s: memref<6xf32>, %q: memref<4xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %j = 0 to 6 {
    affine.store %z, %s[%j] : memref<6xf32>
  }
  affine.for %i = 0 to 4 {
    %ri = affine.load %r[%i] : memref<4xf32>
    %qi = affine.for %j = 0 to 6 iter_args(%acc = %z) -> (f32) {
      %a = affine.load %A[%i, %j] : memref<4x6xf32>
      %so = affine.load %s[%j] : memref<6xf32>
      %ra = arith.mulf %ri, %a : f32
      %sn = arith.addf %so, %ra : f32
      affine.store %sn, %s[%j] : memref<6xf32>
      %pj = affine.load %p[%j] : memref<6xf32>
      %ap = arith.mulf %a, %pj : f32
      %qn = arith.addf %acc, %ap : f32
      affine.yield %qn : f32
    }
    affine.store %qi, %q[%i] : memref<4xf32>
  }
  return
}
