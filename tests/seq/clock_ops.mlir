// CIRCT's clock ops (tests/it/derived_clocks.rs): an inverted clock with an asynchronous reset
// (`arst` is driven at random by cosim), a clock mux between the clock and its inverse (its
// select moves while the clock is low, so the muxed clock can rise on an input change, as
// Verilator sees it too), dividers by 4 and by 1 (`by 0`). The muxed register does not read
// the asynchronous one: where an input change both moves a derived clock and asserts an
// asynchronous reset, SystemVerilog samples before the reset and our simulators after it
// (docs/src/sv-ops.md, "Falling edges and derived clocks").
hw.module @clock_ops(in %clock : !seq.clock, in %sel : i1, in %arst : i1, in %d : i8, out a : i8, out b : i8, out c : i8, out e : i8) {
  %c0 = hw.constant 0 : i8
  %inv = seq.clock_inv %clock
  %a = seq.firreg %an clock %inv reset async %arst, %c0 : i8
  %an = comb.add %a, %d : i8
  %mux = seq.clock_mux %sel, %clock, %inv
  %b = seq.compreg %bn, %mux : i8
  %bn = comb.xor %b, %d, %e : i8
  %div = seq.clock_div %clock by 2
  %c = seq.compreg %cn, %div : i8
  %cn = comb.add %c, %d : i8
  %same = seq.clock_div %clock by 0
  %e = seq.compreg %en, %same : i8
  %en = comb.sub %d, %e : i8
  hw.output %a, %b, %c, %e : i8, i8, i8, i8
}
