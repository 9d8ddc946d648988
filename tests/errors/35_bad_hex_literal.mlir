// expect: invalid hexadecimal literal
hw.module @m(out y : i8) {
  %x = hw.constant 0xG1 : i8
  hw.output %x : i8
}
