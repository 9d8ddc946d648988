// expect: only 'posedge' and 'negedge' clocks are supported on properties
hw.module @m(in %clk : i1, in %a : i1) {
  %p = ltl.clock %a, edge %clk : i1
  verif.assert %p : !ltl.sequence
  hw.output
}
