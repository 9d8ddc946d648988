// Scalar replacement (transform/scalrep.rs, with --pipeline): where it fires and where it must not.
// 1. c[i][i] accumulated in the j loop, read again after its store in the same iteration:
//    fires (the second load sees the first store's value).
// 2. c[i][0] accumulated while c[i][k+1] is read: another access of the memory, not kept.
// 3. A running maximum stored only under a condition: not kept.
// 4. s[0] and s[1] both accumulated in one loop: two addresses of one memory, not kept.
func.func @scalrep(%a: memref<6x5xi32>, %c: memref<6x7xi32>, %h: memref<8xi16>, %s: memref<2xi32>) {
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 5 {
      %x = affine.load %a[%i, %j] : memref<6x5xi32>
      %old = affine.load %c[%i, %i] : memref<6x7xi32>
      %n = arith.addi %old, %x : i32
      affine.store %n, %c[%i, %i] : memref<6x7xi32>
      %again = affine.load %c[%i, %i] : memref<6x7xi32>
      %m = arith.xori %again, %x : i32
      %m2 = arith.muli %m, %x : i32
      affine.store %m2, %c[%i, %i] : memref<6x7xi32>
    }
  }
  affine.for %i = 0 to 6 {
    affine.for %k = 0 to 5 {
      %v = affine.load %c[%i, %k + 1] : memref<6x7xi32>
      %o = affine.load %c[%i, 0] : memref<6x7xi32>
      %n = arith.addi %o, %v : i32
      affine.store %n, %c[%i, 0] : memref<6x7xi32>
    }
  }
  affine.for %k = 0 to 8 {
    %v = affine.load %h[%k] : memref<8xi16>
    %w = arith.extsi %v : i16 to i32
    %o = affine.load %s[0] : memref<2xi32>
    %big = arith.cmpi sgt, %w, %o : i32
    scf.if %big {
      affine.store %w, %s[0] : memref<2xi32>
    }
  }
  affine.for %k = 0 to 8 {
    %v = affine.load %h[%k] : memref<8xi16>
    %w = arith.extsi %v : i16 to i32
    %o = affine.load %s[0] : memref<2xi32>
    %p = affine.load %s[1] : memref<2xi32>
    %n = arith.addi %o, %w : i32
    %q = arith.xori %p, %w : i32
    affine.store %n, %s[0] : memref<2xi32>
    affine.store %q, %s[1] : memref<2xi32>
  }
  return
}
