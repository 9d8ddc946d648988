// expect: only 'posedge' and 'negedge' clocks are supported on properties
hw.module @m(in %clk : i1, in %a : i1) {
  sv.assert.concurrent edge %clk, %a label "x"
  hw.output
}
