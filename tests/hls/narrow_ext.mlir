// Bit-width narrowing (hls/src/transform/narrow.rs, hls/src/gen/narrow.rs): i16 x i16 products
// extended to i32 (signed and unsigned 16x16 multipliers with 32-bit results, the corners
// -32768 * -32768 and -32768 * 32767 forced in the first iterations), an i8 x i8 product
// that fits 16 bits, a mixed i8 x u16 product (17-bit signed operands), comparisons and a
// select of extended values, a masked sum, and a loop counter stepping by 3 to 48.
func.func @narrow_ext(%a: memref<16xi16>, %b: memref<16xi16>, %c: memref<16xi8>,
                      %p: memref<16xi32>, %q: memref<16xi32>, %r: memref<16xi32>) -> i32 {
  %z = arith.constant 0 : i32
  %min = arith.constant -32768 : i16
  %max = arith.constant 32767 : i16
  %c255 = arith.constant 255 : i32
  %c3 = arith.constant 3 : i32
  %res = affine.for %i = 0 to 16 iter_args(%acc = %z) -> (i32) {
    %ii = arith.index_cast %i : index to i32
    %first = arith.cmpi slt, %ii, %c3 : i32
    %one = arith.constant 1 : i32
    %second = arith.cmpi eq, %ii, %one : i32
    %a0 = affine.load %a[%i] : memref<16xi16>
    %b0 = affine.load %b[%i] : memref<16xi16>
    %x = arith.select %first, %min, %a0 : i16
    %bm = arith.select %second, %max, %min : i16
    %y = arith.select %first, %bm, %b0 : i16
    %xs = arith.extsi %x : i16 to i32
    %ys = arith.extsi %y : i16 to i32
    %ss = arith.muli %xs, %ys : i32
    %xu = arith.extui %x : i16 to i32
    %yu = arith.extui %y : i16 to i32
    %uu = arith.muli %xu, %yu : i32
    %c8 = affine.load %c[%i] : memref<16xi8>
    %cs = arith.extsi %c8 : i8 to i32
    %cc = arith.muli %cs, %cs : i32
    %mixed = arith.muli %cs, %yu : i32
    %lt = arith.cmpi slt, %xs, %cs : i32
    %ult = arith.cmpi ult, %xu, %yu : i32
    %sel = arith.select %lt, %ss, %uu : i32
    %t0 = arith.addi %sel, %cc : i32
    %t1 = arith.select %ult, %t0, %mixed : i32
    affine.store %ss, %p[%i] : memref<16xi32>
    affine.store %uu, %q[%i] : memref<16xi32>
    affine.store %t1, %r[%i] : memref<16xi32>
    %m = arith.andi %t1, %c255 : i32
    %s = arith.addi %acc, %m : i32
    affine.yield %s : i32
  }
  %total = affine.for %j = 0 to 48 step 3 iter_args(%t = %res) -> (i32) {
    %jj = arith.index_cast %j : index to i32
    %u = arith.addi %t, %jj : i32
    affine.yield %u : i32
  }
  return %total : i32
}
