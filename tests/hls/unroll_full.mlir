// hls.unroll = 8 on a loop of 8 iterations (fully unrolled) inside a rolled outer loop.
func.func @unroll_full(%a: memref<4x8xi32>, %o: memref<4xi32>) {
  %z = arith.constant 0 : i32
  affine.for %i = 0 to 4 {
    %s = affine.for %j = 0 to 8 iter_args(%acc = %z) -> (i32) {
      %v = affine.load %a[%i, %j] : memref<4x8xi32>
      %w = arith.muli %v, %v : i32
      %n = arith.addi %acc, %w : i32
      affine.yield %n : i32
    } {hls.unroll = 8 : i64}
    affine.store %s, %o[%i] : memref<4xi32>
  }
  return
}
