// hls-options: --max-div 2
// hls.pipeline with four 32-bit divisions by a variable under --max-div 2: at II = 2 the two
// divsi share one pipelined divider (gen/pipediv.rs) and the two remui another, each unit
// taking its two operations in alternate cycles through slot-selected operand muxes.
// Divisors are masked to 1..255 and -255..-2 (division by zero and MIN / -1 trap on x86).
func.func @pipe_div_shared(%a: memref<20xi32>, %b: memref<20xi32>, %o1: memref<20xi32>, %o2: memref<20xi32>, %o3: memref<20xi32>, %o4: memref<20xi32>) {
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
    %q2 = arith.divsi %x, %y : i32
    %r = arith.remui %x, %y : i32
    %r2 = arith.remui %x, %y2 : i32
    affine.store %q, %o1[%i] : memref<20xi32>
    affine.store %q2, %o2[%i] : memref<20xi32>
    affine.store %r, %o3[%i] : memref<20xi32>
    affine.store %r2, %o4[%i] : memref<20xi32>
  } {hls.pipeline}
  return
}
