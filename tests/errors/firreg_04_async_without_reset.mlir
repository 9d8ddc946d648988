// expect: needs a reset and a reset value
hw.module @t(in %clk : !seq.clock, in %d : i1, out q : i1) {
  %q = "seq.firreg"(%d, %clk) {name = "q", isAsync} : (i1, !seq.clock) -> i1
  hw.output %q : i1
}
