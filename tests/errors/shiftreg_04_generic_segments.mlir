// expect: 'seq.shiftreg' expects operands %in, %clk, %ce [, %rst, %value] [, %powerOn]; got 4
hw.module @t(in %clk : !seq.clock, in %ce : i1, in %d : i8, out q : i8) {
  %q = "seq.shiftreg"(%d, %clk, %ce, %ce) <{numElements = 2 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>}> : (i8, !seq.clock, i1, i1) -> i8
  hw.output %q : i8
}
