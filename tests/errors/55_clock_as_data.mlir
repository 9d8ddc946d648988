// expect: is a !seq.clock; convert it with seq.from_clock
hw.module @m(in %clk : !seq.clock, out y : i1) {
  %x = "comb.inv"(%clk) : (!seq.clock) -> i1
  hw.output %x : i1
}
