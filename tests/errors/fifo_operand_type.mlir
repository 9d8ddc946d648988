// expect: operand #1 of 'seq.fifo' must be i1
hw.module @f(in %clk : !seq.clock, in %rst : i1, in %in : i8, in %rd : i2, in %wr : i1, out out : i8, out full : i1, out empty : i1) {
  %out, %full, %empty = "seq.fifo"(%in, %rd, %wr, %clk, %rst) <{depth = 4 : i64, resultSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (i8, i2, i1, !seq.clock, i1) -> (i8, i1, i1)
  hw.output %out, %full, %empty : i8, i1, i1
}
