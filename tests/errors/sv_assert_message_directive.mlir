// expect: the message directive '%s' is not supported (only %d %x %h %b %o %c, optionally as %0d, and %%)
// A directive outside the supported subset (%d %x %h %b %o %c, %0d, %%) is located.
hw.module @t(in %clk : i1, in %a : i8) {
  %c = comb.icmp ult %a, %a : i8
  sv.assert.concurrent posedge %clk, %c message "a=%s"(%a) : i8
  hw.output
}
