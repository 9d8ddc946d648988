// f64 reductions: the sum, the sum of magnitudes (math.absf), and the minimum (minimumf,
// which propagates NaN and orders -0 below +0), with a negated result (negf).
func.func @sum_f64(%a: memref<20xf64>) -> (f64, f64, f64) {
  %z = arith.constant 0.0 : f64
  %big = arith.constant 0x7FF0000000000000 : f64
  %r:3 = affine.for %i = 0 to 20 iter_args(%s = %z, %m = %z, %lo = %big) -> (f64, f64, f64) {
    %x = affine.load %a[%i] : memref<20xf64>
    %s2 = arith.addf %s, %x : f64
    %ax = math.absf %x : f64
    %m2 = arith.addf %m, %ax : f64
    %lo2 = arith.minimumf %lo, %x : f64
    affine.yield %s2, %m2, %lo2 : f64, f64, f64
  }
  %neg = arith.negf %r#2 : f64
  return %r#0, %r#1, %neg : f64, f64, f64
}
