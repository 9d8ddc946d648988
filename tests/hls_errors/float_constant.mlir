// expect: float
func.func @fc(%a: memref<4xi32>) {
  %c = arith.constant 1.5 : f64
  affine.for %i = 0 to 4 {
    %x = affine.load %a[%i] : memref<4xi32>
    affine.store %x, %a[%i] : memref<4xi32>
  }
  return
}
