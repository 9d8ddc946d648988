// Short inner loops unrolled into their parent (transform/unroll_inner.rs, with --pipeline):
// an odd trip with a non-zero lower bound and a step (k = 1, 4, 7), iter_args and an
// if-converted branch, its result used by a second inner loop and by the parent's yield;
// then a nest whose inner loop is too long (9 iterations) to be unrolled.
func.func @unroll_inner(%a: memref<7x9xi16>, %o: memref<7xi32>, %p: memref<7x2xi32>) -> i32 {
  %z = arith.constant 0 : i32
  %t = affine.for %i = 0 to 7 iter_args(%tot = %z) -> (i32) {
    %s = affine.for %k = 1 to 9 step 3 iter_args(%acc = %tot) -> (i32) {
      %v = affine.load %a[%i, %k] : memref<7x9xi16>
      %w = arith.extsi %v : i16 to i32
      %kk = arith.index_cast %k : index to i32
      %m = arith.muli %w, %kk : i32
      %neg = arith.cmpi slt, %m, %z : i32
      %r = scf.if %neg -> (i32) {
        %q = arith.subi %acc, %m : i32
        scf.yield %q : i32
      } else {
        %q = arith.addi %acc, %m : i32
        scf.yield %q : i32
      }
      affine.yield %r : i32
    }
    affine.store %s, %o[%i] : memref<7xi32>
    %u = affine.for %j = 0 to 2 iter_args(%x = %s) -> (i32) {
      %y = arith.xori %x, %tot : i32
      affine.store %y, %p[%i, %j] : memref<7x2xi32>
      affine.yield %y : i32
    }
    %n = arith.addi %tot, %u : i32
    affine.yield %n : i32
  }
  %t2 = affine.for %i = 0 to 2 iter_args(%tot = %t) -> (i32) {
    %s = affine.for %k = 0 to 9 iter_args(%acc = %tot) -> (i32) {
      %v = affine.load %a[%i * 3, %k] : memref<7x9xi16>
      %w = arith.extsi %v : i16 to i32
      %n = arith.addi %acc, %w : i32
      affine.yield %n : i32
    }
    affine.yield %s : i32
  }
  return %t2 : i32
}
