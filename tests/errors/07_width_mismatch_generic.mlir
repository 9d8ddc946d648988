// expect: 'comb.add' operands and result must all be i8
hw.module @m(in %a : i8, in %b : i4, out y : i8) {
  %x = "comb.add"(%a, %b) : (i8, i4) -> i8
  hw.output %x : i8
}
