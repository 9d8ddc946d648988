// arith.remf (LLVM's frem, C's fmod) in f32: r[i] = x[i] rem y[i], the reverse y[i] rem x[i]
// summed, and x[i] rem 0.75 (a constant divisor): exact remainders with the dividend's
// sign over specials (inf rem y and x rem 0 are NaN, x rem inf is x) and exponent gaps of
// up to 276 binades (the unit's worst case).
func.func @remf_f32(%x: memref<8xf32>, %y: memref<8xf32>, %r: memref<8xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %c = arith.constant 0.75 : f32
  %s = affine.for %i = 0 to 8 iter_args(%acc = %z) -> (f32) {
    %a = affine.load %x[%i] : memref<8xf32>
    %b = affine.load %y[%i] : memref<8xf32>
    %m = arith.remf %a, %b : f32
    affine.store %m, %r[%i] : memref<8xf32>
    %n = arith.remf %b, %a : f32
    %k = arith.remf %a, %c : f32
    affine.store %k, %x[%i] : memref<8xf32>
    %t = arith.addf %acc, %n : f32
    affine.yield %t : f32
  }
  return %s : f32
}
