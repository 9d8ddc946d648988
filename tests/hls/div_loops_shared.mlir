// hls-options: --max-div 1
// Four sequential loops, each with a 32-bit signed division by a variable, under --max-div 1:
// the two pipelined loops (II 1) take one pipelined divider (gen/share.rs: loops never run
// at the same time, and a free-running unit's result depends only on the operands of its
// start cycle), and the loop pipelined at a target II of 40 keeps a sequential divider
// (a pipelined one is no faster there), which the plain loop's division shares. Each unit's
// operands are multiplexed by the FSM state that issues the op. Divisors are masked to
// 1..255 and -255..-2 (division by zero and MIN / -1 trap on x86).
func.func @div_loops_shared(%a: memref<12xi32>, %b: memref<12xi32>, %o1: memref<12xi32>, %o2: memref<12xi32>) -> i32 {
  %m = arith.constant 255 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %zero = arith.constant 0 : i32
  %k = arith.constant 1431655765 : i32
  affine.for %i = 0 to 12 {
    %x = affine.load %a[%i] : memref<12xi32>
    %y0 = affine.load %b[%i] : memref<12xi32>
    %y1 = arith.andi %y0, %m : i32
    %y = arith.ori %y1, %one : i32
    %q = arith.divsi %x, %y : i32
    affine.store %q, %o1[%i] : memref<12xi32>
  } {hls.pipeline}
  affine.for %i = 0 to 12 {
    %x = affine.load %a[%i] : memref<12xi32>
    %y0 = affine.load %b[%i] : memref<12xi32>
    %y1 = arith.andi %y0, %m : i32
    %y2 = arith.ori %y1, %two : i32
    %ny = arith.subi %zero, %y2 : i32
    %xk = arith.xori %x, %k : i32
    %q = arith.divsi %xk, %ny : i32
    affine.store %q, %o2[%i] : memref<12xi32>
  } {hls.pipeline}
  %r = affine.for %i = 0 to 4 iter_args(%acc = %zero) -> (i32) {
    %x = affine.load %o1[%i] : memref<12xi32>
    %y0 = affine.load %b[%i] : memref<12xi32>
    %y1 = arith.andi %y0, %m : i32
    %y = arith.ori %y1, %one : i32
    %xa = arith.xori %x, %acc : i32
    %q = arith.divsi %xa, %y : i32
    %t = arith.addi %q, %x : i32
    affine.yield %t : i32
  } {hls.pipeline = 40 : i64}
  %r2 = affine.for %i = 0 to 12 iter_args(%acc = %r) -> (i32) {
    %x = affine.load %o2[%i] : memref<12xi32>
    %y0 = affine.load %a[%i] : memref<12xi32>
    %y1 = arith.andi %y0, %m : i32
    %y2 = arith.ori %y1, %two : i32
    %ny = arith.subi %zero, %y2 : i32
    %q = arith.divsi %x, %ny : i32
    %t = arith.xori %acc, %q : i32
    affine.yield %t : i32
  }
  return %r2 : i32
}
