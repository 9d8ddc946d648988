// expect: the message takes 2 argument(s) but 1 are given
// The message's directives and its substitutions must match in number.
hw.module @t(in %clk : i1, in %a : i8) {
  %c = comb.icmp ult %a, %a : i8
  sv.always posedge %clk {
    sv.assert %c, immediate message "a=%d b=%d"(%a) : i8
  }
  hw.output
}
