// expect: 'seq.compreg' reset value must be i8
hw.module @m(in %clk : !seq.clock, in %rst : i1, in %d : i8, out q : i8) {
  %c0 = hw.constant 0 : i4
  %q = "seq.compreg"(%d, %clk, %rst, %c0) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> : (i8, !seq.clock, i1, i4) -> i8
  hw.output %q : i8
}
