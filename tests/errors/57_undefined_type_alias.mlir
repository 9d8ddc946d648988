// expect: undefined type alias '!mytype'
hw.module @m(in %a : !mytype, out y : i8) {
  hw.output %a : i8
}
