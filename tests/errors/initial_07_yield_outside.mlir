// expect: 'seq.yield' can only end a 'seq.initial' body
hw.module @t(in %clk : !seq.clock, in %d : i8, out q : i8) {
  seq.yield %d : i8
  hw.output %d : i8
}
