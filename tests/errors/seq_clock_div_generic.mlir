// expect: 'seq.clock_div' needs 'pow2' between 0 and 63
hw.module @m(in %clk : !seq.clock, in %d : i4, out q : i4) {
  %g = "seq.clock_div"(%clk) {pow2 = 99 : i64} : (!seq.clock) -> !seq.clock
  %q = seq.compreg %d, %g : i4
  hw.output %q : i4
}
