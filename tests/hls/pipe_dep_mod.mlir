// Memory dependences through an affine `mod` (analysis/deptest.rs): acc[i mod 2] is read and
// written every iteration, so iteration i + 2 reads what iteration i wrote. `i mod 2` is
// lowered to `i & 1`, a value the body computes, but one that follows the induction
// variable: the test enumerates its value in the earlier iteration and knows it in the
// later one, so the recurrence (load, two multiplies, add, store) has distance 2 and spans
// two initiation intervals (II about half the chain, not the whole chain as at distance 1).
// A wrong larger distance would let iteration i + 2 read acc before iteration i wrote it:
// results would differ from mlir-cpu-runner's.
func.func @pipe_dep_mod(%x: memref<32xi32>, %acc: memref<2xi32>, %s: i32) {
  affine.for %i = 0 to 32 {
    %v = affine.load %x[%i] : memref<32xi32>
    %q = arith.muli %v, %s : i32
    %a = affine.load %acc[%i mod 2] : memref<2xi32>
    %m = arith.muli %a, %s : i32
    %m2 = arith.muli %m, %q : i32
    %n = arith.addi %m2, %v : i32
    affine.store %n, %acc[%i mod 2] : memref<2xi32>
  } {hls.pipeline}
  return
}
