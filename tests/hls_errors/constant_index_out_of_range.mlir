// expect: out of
func.func @oob(%a: memref<64xi32>) -> i32 {
  %x = affine.load %a[64] : memref<64xi32>
  return %x : i32
}
