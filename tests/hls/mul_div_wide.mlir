// Multi-cycle operators at the default 10 ns: 64-bit divisions and remainders (sequential
// dividers, 64 quotient bits, one per cycle), a 64-bit multiply (21.5 ns on the iCE40: a
// three-cycle path) and a 32-bit one (13.4 ns: two cycles). Divisors are masked to
// 1..65535 and -65535..-2: no division by zero, no MIN / -1 (both trap on x86).
func.func @mul_div_wide(%a: memref<12xi64>, %b: memref<12xi64>, %c: memref<12xi32>, %o: memref<5x12xi64>) {
  %m = arith.constant 65535 : i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %zero = arith.constant 0 : i64
  affine.for %i = 0 to 12 {
    %x = affine.load %a[%i] : memref<12xi64>
    %y0 = affine.load %b[%i] : memref<12xi64>
    %y1 = arith.andi %y0, %m : i64
    %y = arith.ori %y1, %one : i64
    %y2 = arith.ori %y, %two : i64
    %ny = arith.subi %zero, %y2 : i64
    %q0 = arith.divsi %x, %ny : i64
    %q1 = arith.remui %x, %y : i64
    %q2 = arith.remsi %x, %ny : i64
    %p = arith.muli %x, %y0 : i64
    %w = affine.load %c[%i] : memref<12xi32>
    %w2 = arith.muli %w, %w : i32
    %w3 = arith.extsi %w2 : i32 to i64
    affine.store %q0, %o[0, %i] : memref<5x12xi64>
    affine.store %q1, %o[1, %i] : memref<5x12xi64>
    affine.store %q2, %o[2, %i] : memref<5x12xi64>
    affine.store %p, %o[3, %i] : memref<5x12xi64>
    affine.store %w3, %o[4, %i] : memref<5x12xi64>
  }
  return
}
