// Odd widths: i5 and i13 memories and arithmetic, widened and narrowed between them.
func.func @odd(%a: memref<20xi5>, %b: memref<20xi13>, %o: memref<20xi13>, %p: memref<20xi5>) -> i13 {
  %z = arith.constant 0 : i13
  %c7 = arith.constant 7 : i5
  %r = affine.for %i = 0 to 20 iter_args(%acc = %z) -> (i13) {
    %x = affine.load %a[%i] : memref<20xi5>
    %y = affine.load %b[%i] : memref<20xi13>
    %xs = arith.extsi %x : i5 to i13
    %m = arith.muli %xs, %y : i13
    %s = arith.subi %m, %acc : i13
    affine.store %s, %o[%i] : memref<20xi13>
    %yt = arith.trunci %y : i13 to i5
    %q = arith.muli %yt, %c7 : i5
    %q2 = arith.addi %q, %x : i5
    affine.store %q2, %p[%i] : memref<20xi5>
    %n = arith.addi %acc, %xs : i13
    affine.yield %n : i13
  }
  return %r : i13
}
