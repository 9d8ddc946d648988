// expect: message substitutions of an immediate assertion are not supported
hw.module @t(in %clk : i1, in %a : i1, in %v : i8) {
  sv.always posedge %clk {
    sv.assert %a, immediate message "v=%d"(%v) : i8
  }
  hw.output
}
