// RUN: --emit mlir -O2
// Mux trees: a nested mux on the same condition, two muxes sharing an operand factored
// into one op, constants through a mux, muxes of i1 constants as gates.
hw.module @mux_rules(in %c : i1, in %d : i1, in %a : i8, in %b : i8, in %x : i8, out y0 : i8, out y1 : i8, out y2 : i8, out y3 : i1, out y4 : i1) {
  %c1 = hw.constant 1 : i8
  %c2 = hw.constant 2 : i8
  %c16 = hw.constant 16 : i8
  %true = hw.constant true
  %false = hw.constant false
  %inner = comb.mux %c, %a, %b : i8
  %nested = comb.mux %c, %inner, %x : i8
  %xa = comb.add %x, %a : i8
  %xb = comb.add %x, %b : i8
  %factored = comb.mux %c, %xa, %xb : i8
  %k = comb.mux %c, %c1, %c2 : i8
  %kk = comb.add %k, %c16 : i8
  %m1 = comb.mux %c, %true, %d : i1
  %nc = comb.xor %c, %true : i1
  %m2 = comb.mux %nc, %false, %d : i1
  hw.output %nested, %factored, %kk, %m1, %m2 : i8, i8, i8, i1, i1
}
