// A pipelined multiply-accumulate (hls.pipeline): the chart shows the stages and the
// modulo reservation of the two memory ports.
func.func @mac(%a: memref<16xi16>, %b: memref<16xi16>) -> i32 {
  %z = arith.constant 0 : i32
  %r = affine.for %i = 0 to 16 iter_args(%acc = %z) -> (i32) {
    %x = affine.load %a[%i] : memref<16xi16>
    %y = affine.load %b[%i] : memref<16xi16>
    %xw = arith.extsi %x : i16 to i32
    %yw = arith.extsi %y : i16 to i32
    %p = arith.muli %xw, %yw : i32
    %n = arith.addi %acc, %p : i32
    affine.yield %n : i32
  } {hls.pipeline}
  return %r : i32
}
