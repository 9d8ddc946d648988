// expect: float
func.func @f(%a: memref<8xf32>, %s: f32) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xf32>
    %y = arith.remf %x, %s : f32
    affine.store %y, %a[%i] : memref<8xf32>
  }
  return
}
