// expect: a message argument must be an integer of 1 to 64 bits
// Message arguments are at most 64 bits wide.
hw.module @t(in %clk : i1, in %a : i65) {
  %c = comb.icmp ult %a, %a : i65
  sv.assert.concurrent posedge %clk, %c message "a=%x"(%a) : i65
  hw.output
}
