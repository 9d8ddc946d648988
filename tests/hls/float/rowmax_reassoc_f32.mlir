// Row maxima accumulated in memory (m[i] = maxnumf(m[i], A[i][j]), fastmath<reassoc>) and
// the overall minimum in a carried value (minimumf, fast). Both are exact in any order (the
// result is an operand, or the default NaN, chosen by a total order), so with --pipeline
// they are split into partials and still equal the source's order bit for bit.
func.func @rowmax_reassoc_f32(%A: memref<4x16xf32>, %m: memref<4xf32>) -> f32 {
  %hi = arith.constant 0x7F800000 : f32
  %r = affine.for %i = 0 to 4 iter_args(%lo = %hi) -> (f32) {
    %lo2 = affine.for %j = 0 to 16 iter_args(%acc = %lo) -> (f32) {
      %a = affine.load %A[%i, %j] : memref<4x16xf32>
      %s = affine.load %m[%i] : memref<4xf32>
      %t = arith.maxnumf %s, %a fastmath<reassoc> : f32
      affine.store %t, %m[%i] : memref<4xf32>
      %u = arith.minimumf %acc, %a fastmath<fast> : f32
      affine.yield %u : f32
    }
    affine.yield %lo2 : f32
  }
  return %r : f32
}
