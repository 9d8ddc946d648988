// expect: type
func.func @y(%a: memref<8xi32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = affine.for %i = 0 to 8 iter_args(%acc = %c0) -> (i32) {
    %x = affine.load %a[%i] : memref<8xi32>
    %t = arith.trunci %x : i32 to i16
    affine.yield %t : i16
  }
  return %r : i32
}
