// expect: 'comb.parity' takes one operand and gives i1
hw.module @m(in %a : i8, out y : i8) {
  %x = "comb.parity"(%a) : (i8) -> i8
  hw.output %x : i8
}
