// Loop rotation (transform/rotate.rs, with --pipeline): row sums of the first n rows (n a scalar
// argument, clamped to 0..6), each stored after its inner loop of 12; the store moves to
// the next outer iteration's first state, and one copy after the loop, predicated by
// whether any iteration ran, stores the last row. Each row is weighted by i * 6 + 6.
func.func @rows(%a: memref<6x12xi16>, %s: memref<6xi16>, %n: i32) -> i16 {
  %n0 = arith.index_cast %n : i32 to index
  %c0 = arith.constant 0 : index
  %c6 = arith.constant 6 : index
  %lo = arith.maxsi %n0, %c0 : index
  %m = arith.minsi %lo, %c6 : index
  %z = arith.constant 0 : i16
  %tot = affine.for %i = 0 to %m iter_args(%t = %z) -> (i16) {
    %i3 = arith.muli %i, %c6 : index
    %w0 = arith.addi %i3, %c6 : index
    %w = arith.index_cast %w0 : index to i16
    %t1 = arith.xori %t, %w : i16
    %r = affine.for %j = 0 to 12 iter_args(%acc = %z) -> (i16) {
      %v = affine.load %a[%i, %j] : memref<6x12xi16>
      %p = arith.muli %v, %w : i16
      %x = arith.addi %acc, %p : i16
      affine.yield %x : i16
    }
    affine.store %r, %s[%i] : memref<6xi16>
    affine.yield %t1 : i16
  }
  return %tot : i16
}
