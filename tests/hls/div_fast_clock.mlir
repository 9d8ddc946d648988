// hls-options: --clock-period 5 --max-div 1 --max-mul 1
// A short clock (5 ns: 2.16 ns to chain in after the registers) and one divider and one
// multiplier: every adder is a multi-cycle path, the two 32-bit divisions take turns on one
// sequential unit (the second waits until the first's result is out), the multiplier is a
// six-cycle path. Divisors are masked to 1..255 and -255..-2.
func.func @div_fast_clock(%a: memref<10xi32>, %b: memref<10xi32>, %o: memref<10xi32>) -> i32 {
  %m = arith.constant 255 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %zero = arith.constant 0 : i32
  %r = affine.for %i = 0 to 10 iter_args(%acc = %zero) -> (i32) {
    %x = affine.load %a[%i] : memref<10xi32>
    %y0 = affine.load %b[%i] : memref<10xi32>
    %y1 = arith.andi %y0, %m : i32
    %y = arith.ori %y1, %one : i32
    %y2 = arith.ori %y, %two : i32
    %ny = arith.subi %zero, %y2 : i32
    %q = arith.divsi %x, %ny : i32
    %q2 = arith.divsi %q, %y : i32
    %s = arith.muli %q2, %y0 : i32
    %t = arith.addi %acc, %s : i32
    affine.store %q, %o[%i] : memref<10xi32>
    affine.yield %t : i32
  }
  return %r : i32
}
