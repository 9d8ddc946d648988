// hls-options: --clock-period 10
// Three sequential loops with 32-bit divisions by a variable and no --max-div. Plain: the
// FSM's sequential dividers, shared across states. With --pipeline every loop is pipelined
// on pipelined dividers (II 1), and the loops share them (gen/share.rs): the first and last
// loops' remui take one remu_pipelined32, and the second loop's two divsi (started in the
// same cycle, so on two units) and the first loop's take two divs_pipelined32, not five
// units. Divisors are masked to 1..255 and -255..-2 (division by zero and MIN / -1 trap on x86).
func.func @div_loops_pipe(%a: memref<10xi32>, %b: memref<10xi32>, %o1: memref<10xi32>, %o2: memref<10xi32>) -> i32 {
  %m = arith.constant 255 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 10 {
    %x = affine.load %a[%i] : memref<10xi32>
    %y0 = affine.load %b[%i] : memref<10xi32>
    %y1 = arith.andi %y0, %m : i32
    %y = arith.ori %y1, %one : i32
    %q = arith.divsi %x, %y : i32
    %r = arith.remui %x, %y : i32
    %s = arith.xori %q, %r : i32
    affine.store %s, %o1[%i] : memref<10xi32>
  }
  affine.for %i = 0 to 10 {
    %x = affine.load %o1[%i] : memref<10xi32>
    %y0 = affine.load %a[%i] : memref<10xi32>
    %y1 = arith.andi %y0, %m : i32
    %y2 = arith.ori %y1, %two : i32
    %ny = arith.subi %zero, %y2 : i32
    %q = arith.divsi %x, %ny : i32
    %q2 = arith.divsi %y0, %ny : i32
    %s = arith.addi %q, %q2 : i32
    affine.store %s, %o2[%i] : memref<10xi32>
  }
  %r = affine.for %i = 0 to 10 iter_args(%acc = %zero) -> (i32) {
    %x = affine.load %o2[%i] : memref<10xi32>
    %y0 = affine.load %b[%i] : memref<10xi32>
    %y1 = arith.andi %y0, %m : i32
    %y = arith.ori %y1, %two : i32
    %q = arith.remui %x, %y : i32
    %t = arith.xori %acc, %q : i32
    affine.yield %t : i32
  }
  return %r : i32
}
