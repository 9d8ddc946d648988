// expect: expected 2 operand types but had 1
hw.module @m(in %a : i8, out y : i8) {
  %x = "comb.add"(%a, %a) : (i8) -> i8
  hw.output %x : i8
}
