// expect: 'powerOn' value must be a constant
hw.module @t(in %clk : !seq.clock, in %d : i8, out q : i8) {
  %q = seq.compreg %d, %clk powerOn %d : i8
  hw.output %q : i8
}
