// expect: parameter value 300 does not fit in i8
hw.module.extern @E<W: i8 = 300>(in %a : i8, out y : i8)
hw.module @top(in %a : i8, out y : i8) {
  %y = hw.instance "u" @E<W: i8 = 3>(a: %a : i8) -> (y : i8)
  hw.output %y : i8
}
