// Co-simulation design for derived clocks (tests/it/seq_more.rs): registers on both edges of
// `clk` feeding each other, an asynchronous reset on the falling-edge side (`arst` is not
// named like a reset, so cosim drives it at random: it rises and falls mid-run), a register
// on a clock divided by a register (it rises after the register that makes it, in the same
// step), a negedge block inside an instance, and checks on the falling edge.
hw.module @half(in %clk : i1, in %d : i8, out q : i8) {
  %r = sv.reg : !hw.inout<i8>
  %rv = sv.read_inout %r : !hw.inout<i8>
  %n = comb.add %rv, %d : i8
  sv.always negedge %clk {
    sv.passign %r, %n : i8
  }
  hw.output %rv : i8
}

hw.module @negedge_mixed(in %clock : !seq.clock, in %arst : i1, in %a : i8, in %b : i8, out hi : i8, out lo : i8, out mix : i8, out slow : i8, out sub : i8) {
  %clk = seq.from_clock %clock
  %c7 = hw.constant 7 : i8
  %c200 = hw.constant 200 : i8
  %true = hw.constant true
  %h = sv.reg : !hw.inout<i8>
  %l = sv.reg : !hw.inout<i8>
  %hv = sv.read_inout %h : !hw.inout<i8>
  %lv = sv.read_inout %l : !hw.inout<i8>
  // posedge: samples the falling-edge register half a cycle after it loaded
  %hn = comb.add %a, %lv : i8
  sv.alwaysff(posedge %clk) {
    sv.passign %h, %hn : i8
  }
  // negedge with an asynchronous reset: samples the rising-edge register
  %ln = comb.xor %hv, %b : i8
  sv.alwaysff(negedge %clk) {
    sv.passign %l, %ln : i8
  } (asyncreset : posedge %arst) {
    sv.passign %l, %c7 : i8
  }
  // seq.firreg on the inverted clock, written as CIRCT's lowering does
  %nclk = comb.xor %clk, %true : i1
  %nck = seq.to_clock %nclk
  %mn = comb.sub %hv, %lv : i8
  %m = seq.firreg %mn clock %nck reset async %arst, %c200 : i8
  // a divided clock: `t` toggles on every rising edge, `s` loads on the rising edges of `t`
  %t = seq.firreg %tn clock %clock : i1
  %tn = comb.xor %t, %true : i1
  %tck = seq.to_clock %t
  %sn = comb.add %hv, %m : i8
  %s = seq.compreg %sn, %tck : i8
  %u = hw.instance "u" @half(clk: %clk : i1, d: %b : i8) -> (q: i8)
  // falling-edge checks: fail now and then on the random inputs
  %big = comb.icmp ult %lv, %c200 : i8
  sv.alwaysff(negedge %clk) {
    sv.assert %big, immediate label "lo_small"
  }
  %ne = comb.icmp ne %m, %hv : i8
  sv.assert.concurrent negedge %clk, %ne label "m_differs"
  hw.output %hv, %lv, %m, %s, %u : i8, i8, i8, i8, i8
}
