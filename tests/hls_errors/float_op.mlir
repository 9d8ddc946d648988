// expect: float operand
func.func @f(%a: memref<8xf32>, %s: i32) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xf32>
    %y = "arith.remf"(%x, %s) : (f32, i32) -> f32
    affine.store %y, %a[%i] : memref<8xf32>
  }
  return
}
