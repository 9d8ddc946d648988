// expect: 'seq.clock_gate' is not supported (its glitch-free gate is a latch, which the netlist does not have)
hw.module @m(in %clk : !seq.clock, in %en : i1, in %d : i4, out q : i4) {
  %g = seq.clock_gate %clk, %en
  %q = seq.compreg %d, %g : i4
  hw.output %q : i4
}
