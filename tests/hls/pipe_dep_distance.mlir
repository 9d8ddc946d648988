// A memory dependence between iterations at a distance > 1 with different coefficients
// (analysis/deptest.rs): iteration i writes a[3i], which iteration 3i reads as a[i], 2i
// iterations later; the least distance is 2 (a[3] from iteration 1 to 3). The pipelined
// loop keeps that recurrence with distance 2: its II is half the chain from the load to
// the store (two multiplies), not the whole chain (distance 1, what comparing equal
// terms only gave). Were the pair called independent, the II would be the port's 2 and
// iteration 3 would read a[3] before iteration 1 wrote it: results would differ from
// mlir-cpu-runner's. b[15 - i] is read and b[i + 16] written beside it: never equal
// (15 - i < 16 <= i + 16), no dependence at all.
func.func @pipe_dep_distance(%a: memref<48xi32>, %b: memref<32xi32>, %x: i32) {
  affine.for %i = 0 to 16 {
    %p = affine.load %a[%i] : memref<48xi32>
    %q = arith.muli %p, %x : i32
    %q2 = arith.muli %q, %q : i32
    %r = arith.addi %q2, %x : i32
    affine.store %r, %a[3 * %i] : memref<48xi32>
    %u = affine.load %b[15 - %i] : memref<32xi32>
    %v = arith.subi %u, %p : i32
    affine.store %v, %b[%i + 16] : memref<32xi32>
  } {hls.pipeline}
  return
}
