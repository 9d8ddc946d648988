// expect: has 1 arguments but the module has 2 inputs
hw.module @child(in %a : i8, in %b : i8, out y : i8) {
  hw.output %a : i8
}
hw.module @m(in %a : i8, out y : i8) {
  %y = hw.instance "u0" @child(a: %a : i8) -> (y: i8)
  hw.output %y : i8
}
