// hls-options: --clock-period 5 --max-mul 1
// One multiplier (--max-mul 1) at a 5 ns clock, where a 32-bit multiply is a seven-cycle
// path: the pipelined loop's two multiplies would hold the unit 14 cycles an iteration; on a
// pipelined multiplier (carry-save stages, schedule/mul_timing.rs) they take one slot each,
// II = 2. The plain loop's three 32-bit multiplies would queue 7 cycles each; pipelined
// they start in consecutive cycles (its 16-bit one stays a path: the block is no longer). The last loop's one multiply stays a
// seven-cycle path (shorter than the pipelined unit's 17 cycles).
func.func @pipe_mul_shared(%a: memref<8xi32>, %b: memref<8xi32>, %o: memref<8xi32>, %p: memref<8xi32>) -> i32 {
  %zero = arith.constant 0 : i32
  %k = arith.constant 1431655765 : i32
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xi32>
    %y = affine.load %b[%i] : memref<8xi32>
    %m = arith.muli %x, %y : i32
    %yk = arith.xori %y, %k : i32
    %n = arith.muli %yk, %x : i32
    affine.store %m, %o[%i] : memref<8xi32>
    affine.store %n, %p[%i] : memref<8xi32>
  } {hls.pipeline}
  %r = affine.for %i = 0 to 8 iter_args(%acc = %zero) -> (i32) {
    %x = affine.load %a[%i] : memref<8xi32>
    %y = affine.load %b[%i] : memref<8xi32>
    %xx = arith.muli %x, %x : i32
    %yy = arith.muli %y, %y : i32
    %xk = arith.xori %x, %k : i32
    %xy = arith.muli %xk, %y : i32
    %x16 = arith.trunci %x : i32 to i16
    %y16 = arith.trunci %y : i32 to i16
    %h = arith.muli %x16, %y16 : i16
    %h32 = arith.extsi %h : i16 to i32
    %s0 = arith.xori %xx, %yy : i32
    %s1 = arith.xori %s0, %xy : i32
    %s2 = arith.xori %s1, %h32 : i32
    %t = arith.xori %acc, %s2 : i32
    affine.yield %t : i32
  }
  // One multiply a block: a path is shorter than the pipelined unit here, so this loop's
  // multiply stays a path, on a unit of its own (not the pipelined one above).
  %r2 = affine.for %i = 0 to 8 iter_args(%acc = %r) -> (i32) {
    %x = affine.load %a[%i] : memref<8xi32>
    %y = affine.load %p[%i] : memref<8xi32>
    %xy = arith.muli %x, %y : i32
    %t = arith.addi %acc, %xy : i32
    affine.yield %t : i32
  }
  return %r2 : i32
}
