// A dot product: affine.for with an iter_args accumulator (the hand-written dot.sv's twin).
func.func @dot(%A: memref<64xi32>, %B: memref<64xi32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = affine.for %i = 0 to 64 iter_args(%acc = %c0) -> (i32) {
    %a = affine.load %A[%i] : memref<64xi32>
    %b = affine.load %B[%i] : memref<64xi32>
    %p = arith.muli %a, %b : i32
    %s = arith.addi %acc, %p : i32
    affine.yield %s : i32
  }
  return %r : i32
}
