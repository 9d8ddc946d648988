// expect: expects different type than prior uses: 'i8' vs 'i4'
hw.module @m(in %clk : !seq.clock, in %rst : i1, in %d : i8, out q : i8) {
  %c0 = hw.constant 0 : i4
  %q = seq.compreg %d, %clk reset %rst, %c0 : i8
  hw.output %q : i8
}
