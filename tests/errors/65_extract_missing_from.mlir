// expect: expected 'from'
hw.module @m(in %a : i8, out y : i4) {
  %x = comb.extract %a 4 : (i8) -> i4
  hw.output %x : i4
}
