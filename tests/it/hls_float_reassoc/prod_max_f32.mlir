// Two reassociable reductions in one loop: a product (mulf, `fast`: partial products
// starting at 1.0 under --pipeline) and a maximum (maximumf: partial maxima from -inf).
func.func @prod_max_f32(%a: memref<40xf32>) -> (f32, f32) {
  %one = arith.constant 1.0 : f32
  %lo = arith.constant 0xFF800000 : f32
  %r:2 = affine.for %i = 0 to 40 iter_args(%p = %one, %m = %lo) -> (f32, f32) {
    %x = affine.load %a[%i] : memref<40xf32>
    %q = arith.mulf %x, %p fastmath<fast> : f32
    %n = arith.maximumf %m, %x fastmath<reassoc> : f32
    affine.yield %q, %n : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}
