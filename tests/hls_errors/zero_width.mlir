// expect: is zero-width (i0)
func.func @f(%a: i0, %b: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = affine.for %i = 0 to 4 iter_args(%s = %c0) -> (i32) {
    %t = arith.addi %s, %b : i32
    affine.yield %t : i32
  }
  return %r : i32
}
