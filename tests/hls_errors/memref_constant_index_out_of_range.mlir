// expect: out of
func.func @oob2(%a: memref<4x4xi16>, %v: i16) {
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  memref.store %v, %a[%c1, %c9] : memref<4x4xi16>
  return
}
