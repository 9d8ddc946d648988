// expect: 'seq.clock_div' divides by 2^N with N from 0 to 63
hw.module @m(in %clk : !seq.clock, in %d : i4, out q : i4) {
  %g = seq.clock_div %clk by 64
  %q = seq.compreg %d, %g : i4
  hw.output %q : i4
}
