// expect: a property with two clocks is not supported
hw.module @m(in %clk : i1, in %p : i1) {
  %lp = ltl.clock %p, posedge %clk : i1
  sv.assert_property %lp on posedge %clk : !ltl.sequence
}
