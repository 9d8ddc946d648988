// expect: float
func.func @fc(%a: memref<4xf16>) {
  %c = arith.constant 0x7FC00000 : f16
  affine.for %i = 0 to 4 {
    affine.store %c, %a[%i] : memref<4xf16>
  }
  return
}
