// expect: missing 'hw.output'
hw.module @m(in %a : i8, out y : i8) {
  %x = comb.inv %a : i8
}
