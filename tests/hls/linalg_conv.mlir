// linalg.conv_2d: a 3x3 filter over a 8x8 image of i16, accumulating into a 6x6 output.
func.func @conv(%img: memref<8x8xi16>, %f: memref<3x3xi16>, %out: memref<6x6xi16>) {
  linalg.conv_2d ins(%img, %f : memref<8x8xi16>, memref<3x3xi16>) outs(%out : memref<6x6xi16>)
  return
}
