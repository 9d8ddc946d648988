// expect: hls.pipeline
func.func @p(%a: memref<8xi32>) {
  %c1 = arith.constant 1 : i32
  affine.for %i = 0 to 8 {
    affine.store %c1, %a[%i] : memref<8xi32>
  } {hls.pipeline = "fast"}
  return
}
