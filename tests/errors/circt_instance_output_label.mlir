// expect: output #0 is labelled 'q' but the module calls it 'y'
hw.module @c(in %x : i4, out y : i4) {
  hw.output %x : i4
}
hw.module @t(in %a : i4, out y : i4) {
  %y = hw.instance "u" @c(x: %a : i4) -> (q: i4)
  hw.output %y : i4
}
