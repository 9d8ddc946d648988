// hls.pipeline on a loop with three loop-carried values: a multiply-accumulate, a running
// xor and a counter of negative products (each yield feeds the next iteration's use).
func.func @pipe_iter_args(%a: memref<40xi32>, %b: memref<40xi16>) -> (i32, i32, i32) {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r:3 = affine.for %i = 0 to 40 iter_args(%acc = %z, %x = %z, %neg = %z) -> (i32, i32, i32) {
    %p = affine.load %a[%i] : memref<40xi32>
    %q16 = affine.load %b[%i] : memref<40xi16>
    %q = arith.extsi %q16 : i16 to i32
    %m = arith.muli %p, %q : i32
    %acc1 = arith.addi %acc, %m : i32
    %x1 = arith.xori %x, %p : i32
    %c = arith.cmpi slt, %m, %z : i32
    %inc = arith.select %c, %one, %z : i32
    %neg1 = arith.addi %neg, %inc : i32
    affine.yield %acc1, %x1, %neg1 : i32, i32, i32
  } {hls.pipeline}
  return %r#0, %r#1, %r#2 : i32, i32, i32
}
