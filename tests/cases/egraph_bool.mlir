// RUN: --emit mlir -O2
// Boolean identities: de Morgan removing inverters, absorption, a repeated operand,
// x ^ y ^ x, and an inverted comparison.
hw.module @bool_rules(in %a : i8, in %b : i8, in %c : i8, out y0 : i8, out y1 : i8, out y2 : i8, out y3 : i8, out y4 : i1) {
  %na = comb.inv %a : i8
  %nb = comb.inv %b : i8
  %dm = comb.and %na, %nb : i8
  %ab = comb.or %a, %b : i8
  %abs = comb.and %a, %ab : i8
  %bc = comb.and %b, %c : i8
  %rep = comb.and %bc, %b : i8
  %x1 = comb.xor %a, %c : i8
  %x2 = comb.xor %x1, %a : i8
  %lt = comb.icmp ult %a, %b : i8
  %true = hw.constant true
  %ge = comb.xor %lt, %true : i1
  hw.output %dm, %abs, %rep, %x2, %ge : i8, i8, i8, i8, i1
}
