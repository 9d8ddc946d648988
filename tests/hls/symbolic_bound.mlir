// A loop bound given as a scalar argument (clamped to the memref's size in the body's
// preamble): sum and running maximum of the first n elements.
func.func @prefix(%v: memref<50xi16>, %n: i32) -> (i16, i16) {
  %n0 = arith.index_cast %n : i32 to index
  %c0 = arith.constant 0 : index
  %c50 = arith.constant 50 : index
  %lo = arith.maxsi %n0, %c0 : index
  %m = arith.minsi %lo, %c50 : index
  %z = arith.constant 0 : i16
  %min = arith.constant -32768 : i16
  %r:2 = affine.for %i = 0 to %m iter_args(%s = %z, %mx = %min) -> (i16, i16) {
    %x = affine.load %v[%i] : memref<50xi16>
    %s1 = arith.addi %s, %x : i16
    %m1 = arith.maxsi %mx, %x : i16
    affine.yield %s1, %m1 : i16, i16
  }
  return %r#0, %r#1 : i16, i16
}
