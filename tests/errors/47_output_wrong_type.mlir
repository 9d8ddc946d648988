// expect: output 'y' is i8, but 'hw.output' gives 'i4'
hw.module @m(in %a : i4, out y : i8) {
  hw.output %a : i4
}
