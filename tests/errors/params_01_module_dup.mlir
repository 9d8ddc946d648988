// expect: parameter 'W' is declared twice
hw.module @m<W: i32 = 8, W: i32 = 3>(in %a : i8, out y : i8) {
  hw.output %a : i8
}
