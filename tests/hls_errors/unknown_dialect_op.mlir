// expect: unknown
func.func @u2(%a: memref<4xi32>) {
  affine.for %i = 0 to 4 {
    "mystery.op"(%a) : (memref<4xi32>) -> ()
  }
  return
}
