// expect: unterminated string literal
hw.module @m(in %a : i8, out y : i8) {
  %y = hw.instance "u0 @c(a: %a : i8) -> (y: i8)
  hw.output %y : i8
}
