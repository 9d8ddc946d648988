// expect: inside 'sv.case' is not supported
hw.module @t(in %clk : i1, in %k : i2, in %a : i1) {
  sv.always posedge %clk {
    sv.case %k : i2
    case b01: {
      sv.assert %a, immediate label "x"
    }
  }
  hw.output
}
