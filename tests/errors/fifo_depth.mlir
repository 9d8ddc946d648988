// expect: depth must be a power of two from 2 to 4096
hw.module @f(in %clk : !seq.clock, in %rst : i1, in %in : i8, in %rd : i1, in %wr : i1, out out : i8, out full : i1, out empty : i1) {
  %out, %full, %empty = seq.fifo depth 5 in %in rdEn %rd wrEn %wr clk %clk rst %rst : i8
  hw.output %out, %full, %empty : i8, i1, i1
}
