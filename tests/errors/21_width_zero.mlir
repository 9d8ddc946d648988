// expect: integer width must be between 1 and 16777216, got 'i0'
hw.module @m(in %a : i0, out y : i8) {
  hw.output %a : i8
}
