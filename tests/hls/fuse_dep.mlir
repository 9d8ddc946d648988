// Sibling fusion must not apply (transform/siblingfuse.rs): the second loop reads %b, which the
// first writes (a dependence through memory: b[7 - j] is written in the first loop's
// later iterations), and the fourth loop starts from the third's result (a scalar
// dependence). Equal trip counts, innermost: only the dependences keep them apart. The
// third loop (reading %a) could fuse with the first (the other reader of %a: one port, so
// II 2) or the second (on %b and %c): pairs on different ports come first, so it joins the
// second.
func.func @deps(%a: memref<8xi32>, %b: memref<8xi32>, %c: memref<8xi32>) -> i32 {
  %z = arith.constant 0 : i32
  affine.for %i = 0 to 8 {
    %v = affine.load %a[%i] : memref<8xi32>
    %w = arith.addi %v, %v : i32
    affine.store %w, %b[%i] : memref<8xi32>
  }
  affine.for %j = 0 to 8 {
    %v = affine.load %b[7 - %j] : memref<8xi32>
    %w = arith.subi %v, %z : i32
    affine.store %w, %c[%j] : memref<8xi32>
  }
  %s = affine.for %i = 0 to 8 iter_args(%acc = %z) -> (i32) {
    %v = affine.load %a[%i] : memref<8xi32>
    %t = arith.addi %acc, %v : i32
    affine.yield %t : i32
  }
  %r = affine.for %i = 0 to 8 iter_args(%acc = %s) -> (i32) {
    %v = affine.load %c[%i] : memref<8xi32>
    %t = arith.xori %acc, %v : i32
    affine.yield %t : i32
  }
  return %r : i32
}
