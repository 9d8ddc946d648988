// RUN: --emit verilog -O0
// A parent feeds the child's register from the child's own output: the instance cannot
// follow %x, only %1 (which reaches an output combinationally). Same SV after a round trip.
hw.module @c(in %clk : !seq.clock, in %a : i8, in %b : i8, out y : i8, out w : i8) {
  %r = seq.compreg %a, %clk : i8
  %w = comb.add %b, %b : i8
  hw.output %r, %w : i8, i8
}
hw.module @top(in %clk : !seq.clock, in %p : i8, in %q : i8, out o : i8, out o2 : i8, out o3 : i8) {
  %x = comb.add %y, %p : i8
  %y, %w = hw.instance "u" @c(clk: %clk : !seq.clock, a: %x : i8, b: %1 : i8) -> (y: i8, w: i8)
  %0 = comb.sub %p, %q : i8
  %o3 = comb.and %0, %0 : i8
  %1 = comb.xor %p, %q : i8
  %o2 = comb.mul %w, %1, %1 : i8
  hw.output %x, %o2, %o3 : i8, i8, i8
}
