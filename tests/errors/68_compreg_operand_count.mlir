// expect: 'seq.compreg' expects operands %input, %clk, got 3 operands
hw.module @m(in %clk : !seq.clock, in %d : i8, out q : i8) {
  %q = seq.compreg %d, %clk, %d : i8
  hw.output %q : i8
}
