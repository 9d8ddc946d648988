// Division and square root in f32: y = sqrt(|x|) / (y + 1), a fused multiply-add and a
// negation, over specials (0 / 0, inf / inf, sqrt of -0 and of subnormals).
func.func @divsqrt_f32(%x: memref<10xf32>, %y: memref<10xf32>) -> f32 {
  %one = arith.constant 1.0 : f32
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 10 iter_args(%acc = %z) -> (f32) {
    %v = affine.load %x[%i] : memref<10xf32>
    %w = affine.load %y[%i] : memref<10xf32>
    %av = math.absf %v : f32
    %s = math.sqrt %av : f32
    %d = arith.addf %w, %one : f32
    %q = arith.divf %s, %d : f32
    affine.store %q, %y[%i] : memref<10xf32>
    %n = arith.negf %q : f32
    %f = math.fma %n, %v, %acc : f32
    affine.yield %f : f32
  }
  return %r : f32
}
