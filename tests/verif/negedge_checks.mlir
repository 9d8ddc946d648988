// Checks sampled on the falling edge, for tests/it/verif_checks.rs: `h` loads `a` on the
// rising edge, so at the falling edge after it `h == a` always holds (`loaded`, an immediate
// assert in a negedge block; it would fail on the rising edge whenever `a` changed), and
// `not5` (ltl.clock negedge) and `not9` (sv.assert.concurrent negedge) fail in the cycles
// where `a` is 5 or 9.
hw.module @negedge_checks(in %clk : i1, in %a : i4, out h : i4) {
  %c5 = hw.constant 5 : i4
  %c9 = hw.constant 9 : i4
  %r = sv.reg : !hw.inout<i4>
  %hv = sv.read_inout %r : !hw.inout<i4>
  sv.alwaysff(posedge %clk) {
    sv.passign %r, %a : i4
  }
  %same = comb.icmp eq %hv, %a : i4
  sv.alwaysff(negedge %clk) {
    sv.assert %same, immediate label "loaded"
  }
  %n5 = comb.icmp ne %hv, %c5 : i4
  %p = ltl.clock %n5, negedge %clk : i1
  verif.assert %p label "not5" : !ltl.sequence
  %n9 = comb.icmp ne %hv, %c9 : i4
  sv.assert.concurrent negedge %clk, %n9 label "not9"
  hw.output %hv : i4
}
