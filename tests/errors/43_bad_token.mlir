// expect: unexpected character '`'
hw.module @m(in %a : i8, out y : i8) {
  %x = comb.inv `a : i8
  hw.output %x : i8
}
