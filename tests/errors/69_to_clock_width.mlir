// expect: expects different type than prior uses: 'i1' vs 'i8'
hw.module @m(in %a : i8, out y : i1) {
  %c = seq.to_clock %a
  %y = seq.from_clock %c
  hw.output %y : i1
}
