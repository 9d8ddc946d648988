// maxsi, minsi, maxui, minui, and width changes: extsi, extui, trunci, index_cast and
// index_castui between i8, i32, i64 and index.
func.func @mmx(%a: memref<12xi8>, %b: memref<12xi32>, %o: memref<4x12xi32>, %t: memref<12xi8>) -> i64 {
  %z = arith.constant 0 : i64
  %r = affine.for %i = 0 to 12 iter_args(%acc = %z) -> (i64) {
    %x8 = affine.load %a[%i] : memref<12xi8>
    %y = affine.load %b[%i] : memref<12xi32>
    %xs = arith.extsi %x8 : i8 to i32
    %xu = arith.extui %x8 : i8 to i32
    %m0 = arith.maxsi %xs, %y : i32
    %m1 = arith.minsi %xs, %y : i32
    %m2 = arith.maxui %xu, %y : i32
    %m3 = arith.minui %xs, %y : i32
    affine.store %m0, %o[0, %i] : memref<4x12xi32>
    affine.store %m1, %o[1, %i] : memref<4x12xi32>
    affine.store %m2, %o[2, %i] : memref<4x12xi32>
    affine.store %m3, %o[3, %i] : memref<4x12xi32>
    %tr = arith.trunci %y : i32 to i8
    affine.store %tr, %t[%i] : memref<12xi8>
    %ix = arith.index_cast %x8 : i8 to index
    %iu = arith.index_castui %x8 : i8 to index
    %sum = arith.addi %ix, %iu : index
    %w = arith.index_cast %sum : index to i64
    %y64 = arith.extsi %y : i32 to i64
    %p = arith.muli %w, %y64 : i64
    %n = arith.addi %acc, %p : i64
    affine.yield %n : i64
  }
  return %r : i64
}
