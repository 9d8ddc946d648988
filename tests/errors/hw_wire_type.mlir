// expect: expects different type than prior uses: 'i4' vs 'i8'
hw.module @m(in %a : i8, out y : i4) {
  %w = hw.wire %a : i4
  hw.output %w : i4
}
