// RUN: --pipeline --passes reassoc --emit hls-ir
// reassoc: the fastmath<reassoc> sum split into partial accumulators (kernel: tests/hls/float/dot64_reassoc_f32.mlir).
// The 64-element f32 dot product with fastmath<reassoc> on its sum (the order is still
// the source's until the scheduler reassociates it).
func.func @dot64_reassoc_f32(%a: memref<64xf32>, %b: memref<64xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 64 iter_args(%acc = %z) -> (f32) {
    %x = affine.load %a[%i] : memref<64xf32>
    %y = affine.load %b[%i] : memref<64xf32>
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p fastmath<reassoc> : f32
    affine.yield %s : f32
  }
  return %r : f32
}
