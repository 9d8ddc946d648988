// RUN: --emit mlir -O1
// Constant folding, identities, CSE and dead-code removal leave y = a + 5 and z = a.
hw.module @fold(in %a : i8, out y : i8, out z : i8, out w : i1) {
  %c2 = hw.constant 2 : i8
  %c3 = hw.constant 3 : i8
  %c0 = hw.constant 0 : i8
  %five = comb.add %c2, %c3 : i8
  %y = comb.add %a, %five : i8
  %y2 = comb.add %a, %five : i8
  %dead = comb.mul %a, %a : i8
  %z0 = comb.or %a, %c0 : i8
  %true = hw.constant true
  %z = comb.mux %true, %z0, %dead : i8
  %w = comb.icmp eq %y, %y2 : i8
  hw.output %y, %z, %w : i8, i8, i1
}
