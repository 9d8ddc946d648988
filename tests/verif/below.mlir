// A counter with two clocked assertions: `below` (cnt < lim) fails from the cycle where
// cnt reaches lim; `lim_nonzero` holds for any lim but 0. tests/verif_checks.rs drives it.
hw.module @d(in %clk : !seq.clock, in %lim : i4, out cnt : i4) {
  %c1 = hw.constant 1 : i4
  %n = comb.add %cnt, %c1 : i4
  %cnt = seq.compreg %n, %clk : i4
  %ok = comb.icmp ult %cnt, %lim : i4
  %c = seq.from_clock %clk
  %p = ltl.clock %ok, posedge %c : i1
  verif.assert %p label "below" : !ltl.sequence
  %c0 = hw.constant 0 : i4
  %nz = comb.icmp ne %lim, %c0 : i4
  %q = ltl.clock %nz, posedge %c : i1
  verif.assert %q label "lim_nonzero" : !ltl.sequence
  hw.output %cnt : i4
}
