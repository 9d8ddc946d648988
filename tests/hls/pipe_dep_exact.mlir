// Exact memory dependences (analysis/deptest.rs): accesses to one memory with different
// coefficients of the induction variable that never meet. b[4i] and b[4i + 2] are read,
// b[2i + 1] written: even against odd addresses (the GCD test), in one iteration and
// between iterations, so the pipelined loop keeps no recurrence through memory and only
// b's port (three accesses per iteration) bounds the II. Comparing equal terms only, the
// store was ordered before the next iteration's first load (II = the multiply chain).
func.func @pipe_dep_exact(%b: memref<64xi32>, %o: memref<16xi32>, %x: i32) {
  affine.for %i = 0 to 16 {
    %p = affine.load %b[4 * %i] : memref<64xi32>
    %q = arith.muli %p, %x : i32
    %q2 = arith.muli %q, %q : i32
    %r = arith.addi %q2, %x : i32
    affine.store %r, %b[2 * %i + 1] : memref<64xi32>
    %s = affine.load %b[4 * %i + 2] : memref<64xi32>
    %t = arith.xori %s, %r : i32
    affine.store %t, %o[%i] : memref<16xi32>
  } {hls.pipeline}
  return
}
