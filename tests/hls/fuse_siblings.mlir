// Sibling fusion (transform/siblingfuse.rs, with --pipeline): a one-iteration loop dissolves into
// its region; then two loops of 8 iterations with different steps and lower bounds write
// disjoint parts of one memory (%o[0..16) even elements and %o[16..24)) from different
// inputs, and a third loop of 8 reads %p only: all three fuse into one loop.
func.func @siblings(%x: memref<16xi32>, %y: memref<8xi32>, %o: memref<24xi32>, %p: memref<8xi32>) -> i32 {
  %z = arith.constant 0 : i32
  %s = affine.for %k = 5 to 6 iter_args(%a = %z) -> (i32) {
    %v = affine.load %x[%k] : memref<16xi32>
    %t = arith.addi %a, %v : i32
    affine.yield %t : i32
  }
  affine.for %i = 0 to 16 step 2 {
    %v = affine.load %x[%i] : memref<16xi32>
    %w = arith.addi %v, %s : i32
    affine.store %w, %o[%i] : memref<24xi32>
  }
  affine.for %j = 3 to 11 {
    %v = affine.load %y[%j - 3] : memref<8xi32>
    %w = arith.xori %v, %s : i32
    affine.store %w, %o[%j + 13] : memref<24xi32>
  }
  %r = affine.for %j = 0 to 8 iter_args(%a = %z) -> (i32) {
    %v = affine.load %p[%j] : memref<8xi32>
    %t = arith.subi %v, %a : i32
    affine.yield %t : i32
  }
  return %r : i32
}
