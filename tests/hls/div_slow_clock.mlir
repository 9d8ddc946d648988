// hls-options: --clock-period 20
// A long clock (20 ns) lets a sequential divider do several quotient bits per cycle: 8-bit
// and 16-bit divisions and remainders, signed and unsigned. Divisors are masked to 1..15
// and -15..-2.
func.func @div_slow_clock(%a: memref<16xi8>, %b: memref<16xi16>, %o8: memref<2x16xi8>, %o16: memref<2x16xi16>) {
  %m8 = arith.constant 15 : i8
  %one8 = arith.constant 1 : i8
  %two8 = arith.constant 2 : i8
  %zero8 = arith.constant 0 : i8
  %m16 = arith.constant 15 : i16
  %one16 = arith.constant 1 : i16
  affine.for %i = 0 to 16 {
    %x = affine.load %a[%i] : memref<16xi8>
    %z = affine.load %b[%i] : memref<16xi16>
    %y1 = arith.andi %x, %m8 : i8
    %y = arith.ori %y1, %one8 : i8
    %y2 = arith.ori %y, %two8 : i8
    %ny = arith.subi %zero8, %y2 : i8
    %q0 = arith.divsi %x, %ny : i8
    %q1 = arith.remui %x, %y : i8
    %v1 = arith.andi %z, %m16 : i16
    %v = arith.ori %v1, %one16 : i16
    %q2 = arith.divui %z, %v : i16
    %q3 = arith.remsi %z, %v : i16
    affine.store %q0, %o8[0, %i] : memref<2x16xi8>
    affine.store %q1, %o8[1, %i] : memref<2x16xi8>
    affine.store %q2, %o16[0, %i] : memref<2x16xi16>
    affine.store %q3, %o16[1, %i] : memref<2x16xi16>
  }
  return
}
