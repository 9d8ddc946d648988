// expect: 'comb.concat' result must be i12, the sum of the operand widths
hw.module @m(in %a : i8, in %b : i4, out y : i16) {
  %x = "comb.concat"(%a, %b) : (i8, i4) -> i16
  hw.output %x : i16
}
