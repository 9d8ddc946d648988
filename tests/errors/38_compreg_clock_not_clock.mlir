// expect: the clock of 'seq.compreg' must be a !seq.clock, got 'i1'
hw.module @m(in %clk : i1, in %d : i8, out q : i8) {
  %q = "seq.compreg"(%d, %clk) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> : (i8, i1) -> i8
  hw.output %q : i8
}
