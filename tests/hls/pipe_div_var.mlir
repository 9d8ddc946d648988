// hls.pipeline on a body with four divisions by a variable (signed and unsigned quotient
// and remainder, 32 and 16 bits): each gets a pipelined divider (gen/pipediv.rs) that
// takes an operation every cycle, so the II is 1 instead of a sequential divider's 35.
// Divisors are masked to 1..255 and -255..-2 (division by zero and MIN / -1 trap on x86).
func.func @pipe_div_var(%a: memref<20xi32>, %b: memref<20xi32>, %o1: memref<20xi32>, %o2: memref<20xi32>, %o3: memref<20xi16>, %o4: memref<20xi16>) {
  %m = arith.constant 255 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 20 {
    %x = affine.load %a[%i] : memref<20xi32>
    %y0 = affine.load %b[%i] : memref<20xi32>
    %y1 = arith.andi %y0, %m : i32
    %y = arith.ori %y1, %one : i32
    %y2 = arith.ori %y1, %two : i32
    %ny = arith.subi %zero, %y2 : i32
    %q = arith.divsi %x, %ny : i32
    %r = arith.remui %x, %y : i32
    %x16 = arith.trunci %x : i32 to i16
    %y16 = arith.trunci %y : i32 to i16
    %n16 = arith.trunci %ny : i32 to i16
    %q16 = arith.divui %x16, %y16 : i16
    %r16 = arith.remsi %x16, %n16 : i16
    affine.store %q, %o1[%i] : memref<20xi32>
    affine.store %r, %o2[%i] : memref<20xi32>
    affine.store %q16, %o3[%i] : memref<20xi16>
    affine.store %r16, %o4[%i] : memref<20xi16>
  } {hls.pipeline}
  return
}
