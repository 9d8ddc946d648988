// tests/extern/box.mlir with ordinary modules where it has the black box.
hw.module @add(in %a : i8, in %b : i8, out y : i8) {
  %y = comb.add %a, %b : i8
  hw.output %y : i8
}
hw.module @sub(in %a : i8, in %b : i8, out y : i8) {
  %y = comb.sub %a, %b : i8
  hw.output %y : i8
}
hw.module @top_ref(in %clk : !seq.clock, in %a : i8, in %b : i8, in %c : i8, out s : i8, out d : i8, out r : i8) {
  %s = hw.instance "plus" @add(a: %a : i8, b: %b : i8) -> (y : i8)
  %d = hw.instance "minus" @sub(a: %s : i8, b: %c : i8) -> (y : i8)
  %x = comb.xor %s, %d : i8
  %r = seq.compreg %x, %clk : i8
  hw.output %s, %d, %r : i8, i8, i8
}
