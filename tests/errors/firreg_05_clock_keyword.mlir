// expect: expected 'clock'
hw.module @t(in %clk : !seq.clock, in %d : i1, out q : i1) {
  %q = seq.firreg %d, %clk : i1
  hw.output %q : i1
}
