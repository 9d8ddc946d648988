// expect: powerOn value must be a constant
hw.module @t(in %clk : !seq.clock, in %ce : i1, in %d : i8, out q : i8) {
  %q = seq.shiftreg [2] %d, %clk, %ce powerOn %d : i8
  hw.output %q : i8
}
