// Loop rotation must not apply (transform/rotate.rs): the store after the inner loop writes
// %s[i], which the next outer iteration's inner loop reads (a running prefix of sums), so
// it cannot run an iteration late. The result must equal the reference all the same.
func.func @prefix_rows(%a: memref<8x10xi32>, %s: memref<8xi32>) {
  %z = arith.constant 0 : i32
  affine.for %i = 1 to 8 {
    %b = affine.load %a[%i, 0] : memref<8x10xi32>
    %r = affine.for %j = 0 to 10 iter_args(%acc = %b) -> (i32) {
      %v = affine.load %a[%i, %j] : memref<8x10xi32>
      %p = affine.load %s[%i - 1] : memref<8xi32>
      %q = arith.addi %v, %p : i32
      %x = arith.addi %acc, %q : i32
      affine.yield %x : i32
    }
    affine.store %r, %s[%i] : memref<8xi32>
  }
  return
}
