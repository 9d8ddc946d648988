// A 4-element i8 dot product (wrapping at 8 bits): the HLS twin of the hand-written netlist
// tests/it/support/hls_support/dot4_by_hand.mlir that checks `rmlir-hls cosim --design`.
func.func @dot4(%A: memref<4xi8>, %B: memref<4xi8>) -> i8 {
  %c0 = arith.constant 0 : i8
  %r = affine.for %i = 0 to 4 iter_args(%acc = %c0) -> (i8) {
    %a = affine.load %A[%i] : memref<4xi8>
    %b = affine.load %B[%i] : memref<4xi8>
    %p = arith.muli %a, %b : i8
    %s = arith.addi %acc, %p : i8
    affine.yield %s : i8
  }
  return %r : i8
}
