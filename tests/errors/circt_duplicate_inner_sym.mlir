// expect: inner symbol '@x' is defined twice in this module
hw.module @t(in %a : i4, in %clk : !seq.clock, out y : i4) {
  %r = seq.compreg sym @x %a, %clk : i4
  %s = seq.compreg sym @x %r, %clk : i4
  hw.output %s : i4
}
