// expect: preset value too large
hw.module @t(in %clk : !seq.clock, in %d : i4, out q : i4) {
  %q = seq.firreg %d clock %clk preset 1024 : i4
  hw.output %q : i4
}
