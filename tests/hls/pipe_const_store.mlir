// Pipelined loops that store a constant to one fixed address: scalar replacement keeps
// that element in a register across the loop, carried with the constant as its yield. The
// first loop never reads the element: pipelined, the loop's result is the constant (the
// generator once kept the element's old value; found by bench/fuzz_hls.py). The second
// reads it before the store (the old value in the first iteration, 7 after): not
// pipelined (`--pipeline` says why), sequential and exact.
func.func @pipe_const_store(%a: memref<16xi32>, %b: memref<8xi8>) -> i32 {
  %z = arith.constant 0 : i32
  %r = affine.for %i = 0 to 16 iter_args(%s = %z) -> (i32) {
    %x = affine.load %a[%i] : memref<16xi32>
    %c = arith.constant 100 : i8
    affine.store %c, %b[5] : memref<8xi8>
    %s1 = arith.addi %s, %x : i32
    affine.yield %s1 : i32
  } {hls.pipeline}
  %r2 = affine.for %i = 0 to 8 iter_args(%s = %r) -> (i32) {
    %x = affine.load %a[%i * 2] : memref<16xi32>
    %v = affine.load %b[6] : memref<8xi8>
    %c = arith.constant 7 : i8
    affine.store %c, %b[6] : memref<8xi8>
    %w = arith.extsi %v : i8 to i32
    %t = arith.xori %x, %w : i32
    %s1 = arith.addi %s, %t : i32
    affine.yield %s1 : i32
  }
  return %r2 : i32
}
