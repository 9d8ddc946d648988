// RUN: --emit mlir
// verif.assert/assume/cover, immediate and clocked (CIRCT 1.62's ltl.clock), with a
// disable and the newer `if %en` enable folded into the condition; the checks keep logic
// alive that no output uses.
hw.module @checks(in %clk : !seq.clock, in %a : i4, in %en : i1, out y : i4) {
  %c0 = hw.constant 0 : i4
  %c1 = hw.constant 1 : i4
  %cnt_next = comb.add %cnt, %c1 : i4
  %cnt = seq.compreg %cnt_next, %clk : i4
  %small = comb.icmp ult %cnt, %a : i4
  %nz = comb.icmp ne %a, %c0 : i4
  verif.assert %nz label "a_nonzero" : i1
  verif.assume %nz if %en : i1
  verif.cover %small label "seen_small" : i1
  %c = seq.from_clock %clk
  %p = ltl.clock %small, posedge %c : i1
  verif.assert %p label "cnt_below_a" : !ltl.sequence
  %d = ltl.disable %small if %en : i1
  %q = ltl.clock %d, posedge %c : !ltl.property
  verif.cover %q : !ltl.property
  hw.output %a : i4
}
