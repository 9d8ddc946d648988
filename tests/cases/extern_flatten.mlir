// RUN: --emit verilog --flatten -O2
// Flattening inlines ordinary modules and leaves black-box instances in place (their
// names take the instance prefix like every inlined name); -O2 leaves them alone.
hw.module.extern @Box(in %x : i4, out y : i4) attributes {verilogName = "box_v"}
hw.module @mid(in %a : i4, out y : i4) {
  %r = hw.instance "b" @Box(x: %a : i4) -> (y : i4)
  %n = comb.add %r, %a : i4
  hw.output %n : i4
}
hw.module @top(in %a : i4, in %c : i4, out y : i4, out z : i4) {
  %r = hw.instance "m0" @mid(a: %a : i4) -> (y : i4)
  %s = hw.instance "m1" @mid(a: %c : i4) -> (y : i4)
  hw.output %r, %s : i4, i4
}
