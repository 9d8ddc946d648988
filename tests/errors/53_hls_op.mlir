// expect: 'affine.for' is HLS input, which is not supported yet
func.func @f(%m: memref<4xi32>) {
  affine.for %i = 0 to 4 {
  }
  return
}
