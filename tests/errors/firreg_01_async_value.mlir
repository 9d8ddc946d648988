// expect: asynchronous reset value must be a constant
hw.module @t(in %clk : !seq.clock, in %r : i1, in %d : i8, out q : i8) {
  %q = seq.firreg %d clock %clk reset async %r, %d : i8
  hw.output %q : i8
}
