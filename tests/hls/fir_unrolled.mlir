// A 4-tap FIR over 32 samples with constant taps, the loop unrolled by 4.
func.func @fir4(%x: memref<35xi32>, %y: memref<32xi32>) {
  %h0 = arith.constant 3 : i32
  %h1 = arith.constant -1 : i32
  %h2 = arith.constant 4 : i32
  %h3 = arith.constant 2 : i32
  affine.for %i = 0 to 32 {
    %x0 = affine.load %x[%i] : memref<35xi32>
    %x1 = affine.load %x[%i + 1] : memref<35xi32>
    %x2 = affine.load %x[%i + 2] : memref<35xi32>
    %x3 = affine.load %x[%i + 3] : memref<35xi32>
    %p0 = arith.muli %x0, %h0 : i32
    %p1 = arith.muli %x1, %h1 : i32
    %p2 = arith.muli %x2, %h2 : i32
    %p3 = arith.muli %x3, %h3 : i32
    %s0 = arith.addi %p0, %p1 : i32
    %s1 = arith.addi %p2, %p3 : i32
    %s = arith.addi %s0, %s1 : i32
    affine.store %s, %y[%i] : memref<32xi32>
  } {hls.unroll = 4 : i64}
  return
}
