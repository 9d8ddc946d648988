// i1 logic (xor/and/or of comparisons, select on i1 values) and i64 multiply-accumulate,
// with an i1 and an i64 result and an i1 scalar argument.
func.func @w1_64(%a: memref<16xi64>, %flags: memref<16xi1>, %inv: i1) -> (i64, i1) {
  %z = arith.constant 0 : i64
  %f = arith.constant false
  %k = arith.constant 6364136223846793005 : i64
  %r:2 = affine.for %i = 0 to 16 iter_args(%acc = %z, %par = %f) -> (i64, i1) {
    %x = affine.load %a[%i] : memref<16xi64>
    %neg = arith.cmpi slt, %x, %z : i64
    %fl = affine.load %flags[%i] : memref<16xi1>
    %e = arith.xori %neg, %fl : i1
    %e2 = arith.xori %e, %inv : i1
    %both = arith.andi %neg, %fl : i1
    %any = arith.ori %both, %e2 : i1
    affine.store %any, %flags[%i] : memref<16xi1>
    %p = arith.muli %x, %k : i64
    %q = arith.select %e2, %p, %x : i64
    %n = arith.addi %acc, %q : i64
    %par1 = arith.xori %par, %any : i1
    affine.yield %n, %par1 : i64, i1
  }
  return %r#0, %r#1 : i64, i1
}
