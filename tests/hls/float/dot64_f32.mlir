// A 64-element f32 dot product in the source's order (no fastmath): a pipelined loop keeps
// the addition's recurrence, one iteration per adder latency.
func.func @dot64_f32(%a: memref<64xf32>, %b: memref<64xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 64 iter_args(%acc = %z) -> (f32) {
    %x = affine.load %a[%i] : memref<64xf32>
    %y = affine.load %b[%i] : memref<64xf32>
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    affine.yield %s : f32
  }
  return %r : f32
}
