// Dot product in f32: the sum kept in the source's order (no fastmath), carried through
// affine.for's iter_args; the loads give the products their special operands (0 * inf, NaN).
func.func @dot_f32(%a: memref<16xf32>, %b: memref<16xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 16 iter_args(%acc = %z) -> (f32) {
    %x = affine.load %a[%i] : memref<16xf32>
    %y = affine.load %b[%i] : memref<16xf32>
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    affine.yield %s : f32
  }
  return %r : f32
}
