// expect: expected 'sync' or 'async'
hw.module @t(in %clk : !seq.clock, in %r : i1, in %d : i8, out q : i8) {
  %c0 = hw.constant 0 : i8
  %q = seq.firreg %d clock %clk reset %r, %c0 : i8
  hw.output %q : i8
}
