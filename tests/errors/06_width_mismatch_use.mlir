// expect: expects different type than prior uses: 'i8' vs 'i4'
hw.module @m(in %a : i8, in %b : i4, out y : i8) {
  %x = comb.add %a, %b : i8
  hw.output %x : i8
}
