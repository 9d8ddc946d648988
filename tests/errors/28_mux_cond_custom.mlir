// expect: expects different type than prior uses: 'i1' vs 'i8'
hw.module @m(in %c : i8, in %a : i8, out y : i8) {
  %x = comb.mux %c, %a, %a : i8
  hw.output %x : i8
}
