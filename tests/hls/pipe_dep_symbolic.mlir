// Exact memory dependences under a symbolic bound (analysis/deptest.rs): the trip count is a
// scalar argument clamped to 0..16, so the test knows only the lower bound 0 and the step.
// The first loop reads b[4i] and writes b[2i + 1]: even against odd, never equal (the GCD
// test needs no range), no recurrence through memory. The second writes a[3i] and reads
// a[i]: iteration 3i reads what iteration i wrote, at least 2 iterations later (from
// i >= 0 and 3x = x + d: d = 2x), so its recurrence has distance 2, not 1.
func.func @pipe_dep_symbolic(%b: memref<64xi32>, %a: memref<48xi32>, %n: i32, %x: i32) {
  %n0 = arith.index_cast %n : i32 to index
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %lo = arith.maxsi %n0, %c0 : index
  %m = arith.minsi %lo, %c16 : index
  affine.for %i = 0 to %m {
    %p = affine.load %b[4 * %i] : memref<64xi32>
    %q = arith.muli %p, %x : i32
    %q2 = arith.muli %q, %q : i32
    %r = arith.addi %q2, %x : i32
    affine.store %r, %b[2 * %i + 1] : memref<64xi32>
  } {hls.pipeline}
  affine.for %i = 0 to %m {
    %p = affine.load %a[%i] : memref<48xi32>
    %q = arith.muli %p, %x : i32
    %q2 = arith.muli %q, %q : i32
    %r = arith.addi %q2, %n : i32
    affine.store %r, %a[3 * %i] : memref<48xi32>
  } {hls.pipeline}
  return
}
