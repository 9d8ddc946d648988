// expect: use of value '%a' expects different type than prior uses: 'i8' vs 'i0'
hw.module @m(in %a : i0, out y : i8) {
  hw.output %a : i8
}
