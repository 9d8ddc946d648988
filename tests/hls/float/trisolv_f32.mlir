// PolyBench-style trisolv in f32: forward substitution L x = b on a 6x6 lower-triangular L,
// x[i] = (b[i] - sum_{j<i} L[i][j] x[j]) / L[i][i]; the divider meets 0 / 0 and inf / inf.
#lt = affine_map<(d0) -> (d0)>
func.func @trisolv_f32(%L: memref<6x6xf32>, %b: memref<6xf32>, %x: memref<6xf32>) {
  affine.for %i = 0 to 6 {
    %bi = affine.load %b[%i] : memref<6xf32>
    %s = affine.for %j = 0 to #lt(%i) iter_args(%acc = %bi) -> (f32) {
      %l = affine.load %L[%i, %j] : memref<6x6xf32>
      %v = affine.load %x[%j] : memref<6xf32>
      %p = arith.mulf %l, %v : f32
      %d = arith.subf %acc, %p : f32
      affine.yield %d : f32
    }
    %dg = affine.load %L[%i, %i] : memref<6x6xf32>
    %q = arith.divf %s, %dg : f32
    affine.store %q, %x[%i] : memref<6xf32>
  }
  return
}
