// expect: argument 'a' of '@child' must be i4, got i8
hw.module @child(in %a : i4, out y : i4) {
  hw.output %a : i4
}
hw.module @m(in %a : i8, out y : i4) {
  %y = hw.instance "u0" @child(a: %a : i8) -> (y: i4)
  hw.output %y : i4
}
