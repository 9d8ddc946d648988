// expect: operand #1 of 'seq.clock_mux' must be !seq.clock, got 'i1'
hw.module @m(in %clk : !seq.clock, in %c : i1, in %d : i4, out q : i4) {
  %g = "seq.clock_mux"(%c, %c, %clk) : (i1, i1, !seq.clock) -> !seq.clock
  %q = seq.compreg %d, %g : i4
  hw.output %q : i4
}
