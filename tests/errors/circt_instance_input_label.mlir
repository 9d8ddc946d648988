// expect: input #0 is labelled 'z' but the module calls it 'x'
hw.module @c(in %x : i4, out y : i4) {
  hw.output %x : i4
}
hw.module @t(in %a : i4, out y : i4) {
  %y = hw.instance "u" @c(z: %a : i4) -> (y: i4)
  hw.output %y : i4
}
