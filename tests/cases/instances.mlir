// RUN: --emit verilog
hw.module @inv4(in %x : i4, out y : i4) {
  %y = comb.inv %x : i4
  hw.output %y : i4
}
hw.module @top(in %a : i4, in %b : i4, out p : i4, out q : i4) {
  %p = hw.instance "u0" @inv4(x: %a : i4) -> (y: i4)
  %q = hw.instance "u1" @inv4(x: %b : i4) -> (y: i4)
  hw.output %p, %q : i4, i4
}
