// RUN: --emit mlir -O2
// Add/sub with constants and cancellation, and comparisons of equal operands.
hw.module @arith_rules(in %a : i8, in %b : i8, out y0 : i8, out y1 : i8, out y2 : i8, out y3 : i1) {
  %c3 = hw.constant 3 : i8
  %c5 = hw.constant 5 : i8
  %s = comb.sub %a, %b : i8
  %back = comb.add %s, %b : i8
  %p = comb.add %a, %c3 : i8
  %q = comb.sub %p, %c5 : i8
  %t = comb.add %b, %a : i8
  %u = comb.sub %t, %b : i8
  %sa = comb.add %a, %b : i8
  %sb = comb.add %b, %a : i8
  %cmp = comb.icmp uge %sa, %sa : i8
  hw.output %back, %q, %u, %cmp : i8, i8, i8, i1
}
