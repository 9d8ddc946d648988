// expect: only 'posedge' and 'negedge' clocks are supported on properties
hw.module @m(in %clk : i1, in %p : i1) {
  sv.assert_property %p on edge %clk : i1
}
