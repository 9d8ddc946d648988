// Normalization: the sum of squares by math.fma (one rounding), its square root, each
// element divided by it; remf of each element by the norm into a second array.
func.func @normalize_f32(%x: memref<9xf32>, %r: memref<9xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %ss = affine.for %i = 0 to 9 iter_args(%acc = %z) -> (f32) {
    %v = affine.load %x[%i] : memref<9xf32>
    %s = math.fma %v, %v, %acc : f32
    affine.yield %s : f32
  }
  %norm = math.sqrt %ss : f32
  affine.for %i = 0 to 9 {
    %v = affine.load %x[%i] : memref<9xf32>
    %q = arith.divf %v, %norm : f32
    affine.store %q, %x[%i] : memref<9xf32>
    %m = arith.remf %v, %norm : f32
    affine.store %m, %r[%i] : memref<9xf32>
  }
  return %norm : f32
}
