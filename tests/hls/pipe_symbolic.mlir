// hls.pipeline on loops with a symbolic bound (a scalar argument, clamped to the memref's
// size): a scaled copy with an offset, then a sum of the copied prefix.
func.func @pipe_symbolic(%v: memref<48xi32>, %w: memref<48xi32>, %n: i32, %k: i32) -> i32 {
  %n0 = arith.index_cast %n : i32 to index
  %c0 = arith.constant 0 : index
  %c48 = arith.constant 48 : index
  %lo = arith.maxsi %n0, %c0 : index
  %m = arith.minsi %lo, %c48 : index
  %z = arith.constant 0 : i32
  affine.for %i = 0 to %m {
    %x = affine.load %v[%i] : memref<48xi32>
    %y = arith.muli %x, %k : i32
    %y1 = arith.addi %y, %n : i32
    affine.store %y1, %w[%i] : memref<48xi32>
  } {hls.pipeline}
  %r = affine.for %i = 0 to %m iter_args(%s = %z) -> (i32) {
    %x = affine.load %w[%i] : memref<48xi32>
    %s1 = arith.addi %s, %x : i32
    affine.yield %s1 : i32
  } {hls.pipeline}
  return %r : i32
}
