// Sibling fusion with unequal trip counts (transform/siblingfuse.rs, with --pipeline): a loop of
// 12 iterations and an independent one of 5 (from 1, with a running sum) become one loop
// of 12; the shorter one's store is predicated by `iv < 5` and its sum stops changing
// after its fifth iteration (its loads run on, discarded, inside %p's 16 elements).
func.func @guarded(%a: memref<12xi32>, %o: memref<12xi32>, %p: memref<16xi16>, %q: memref<16xi16>) -> i16 {
  %z = arith.constant 0 : i16
  affine.for %i = 0 to 12 {
    %v = affine.load %a[%i] : memref<12xi32>
    %c3 = arith.constant 3 : i32
    %w = arith.muli %v, %c3 : i32
    affine.store %w, %o[%i] : memref<12xi32>
  }
  %s = affine.for %j = 1 to 6 iter_args(%acc = %z) -> (i16) {
    %v = affine.load %p[%j] : memref<16xi16>
    %t = arith.addi %acc, %v : i16
    affine.store %t, %q[%j - 1] : memref<16xi16>
    affine.yield %t : i16
  }
  return %s : i16
}
