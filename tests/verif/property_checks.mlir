// CIRCT's `sv.assert_property` family (tests/it/verif_checks.rs): each check fails in the
// cycles where `a` has one value, worked out in the test from cosim's stimulus.
// `a1`: on posedge, disabled by `rst` (high in cosim's first two cycles); `a2`: an assume of
// an `ltl.clock` property; `neg5`: on negedge, of a register loaded at the posedge (so it
// sees this cycle's `a`); `inblk`: in an `sv.always posedge` block, clocked by it; `imm`: no
// clock, checked every cycle (as `verif.assert` of an i1); `c0`: a cover.
hw.module @property_checks(in %clk : i1, in %rst : i1, in %a : i4, out h : i4) {
  %c0 = hw.constant 0 : i4
  %c3 = hw.constant 3 : i4
  %c5 = hw.constant 5 : i4
  %c7 = hw.constant 7 : i4
  %c11 = hw.constant 11 : i4
  %c13 = hw.constant 13 : i4
  %ck = seq.to_clock %clk
  %h = seq.compreg %a, %ck : i4
  %n3 = comb.icmp ne %a, %c3 : i4
  sv.assert_property %n3 on posedge %clk disable_iff %rst label "a1" : i1
  %n7 = comb.icmp ne %a, %c7 : i4
  %p7 = ltl.clock %n7, posedge %clk : i1
  sv.assume_property %p7 label "a2" : !ltl.sequence
  %n5 = comb.icmp ne %h, %c5 : i4
  sv.assert_property %n5 on negedge %clk label "neg5" : i1
  %n11 = comb.icmp ne %a, %c11 : i4
  sv.always posedge %clk {
    sv.assert_property %n11 label "inblk" : i1
  }
  %n13 = comb.icmp ne %a, %c13 : i4
  sv.assert_property %n13 label "imm" : i1
  %z = comb.icmp eq %a, %c0 : i4
  sv.cover_property %z on posedge %clk label "c0" : i1
  hw.output %h : i4
}
