// expect: instance of unknown module '@nowhere'
hw.module @m(in %a : i8, out y : i8) {
  %y = hw.instance "u0" @nowhere(a: %a : i8) -> (y: i8)
  hw.output %y : i8
}
