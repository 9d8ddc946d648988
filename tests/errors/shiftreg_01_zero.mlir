// expect: 'seq.shiftreg' needs a positive number of elements
hw.module @t(in %clk : !seq.clock, in %ce : i1, in %d : i8, out q : i8) {
  %q = seq.shiftreg [0] %d, %clk, %ce : i8
  hw.output %q : i8
}
