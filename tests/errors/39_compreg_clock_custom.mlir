// expect: expects different type than prior uses: '!seq.clock' vs 'i1'
hw.module @m(in %clk : i1, in %d : i8, out q : i8) {
  %q = seq.compreg %d, %clk : i8
  hw.output %q : i8
}
