// expect: omits parameter 'W'
hw.module.extern @E<W: i32>(in %a : i8, out y : i8)
hw.module @top(in %a : i8, out y : i8) {
  %y = hw.instance "u" @E(a: %a : i8) -> (y : i8)
  hw.output %y : i8
}
