// expect: expects different type than prior uses: 'i1' vs 'i8'
hw.module @t(in %clk : !seq.clock, in %d : i8, out q : i8) {
  %q = seq.shiftreg [2] %d, %clk, %d : i8
  hw.output %q : i8
}
