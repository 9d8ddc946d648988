// expect: integer literal -129 does not fit in i8
hw.module @m(out y : i8) {
  %x = hw.constant -129 : i8
  hw.output %x : i8
}
