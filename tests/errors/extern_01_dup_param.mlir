// expect: parameter 'W' is declared twice
hw.module.extern @E<W: i32 = 1, W: i32 = 2>(in %a : i8, out y : i8)
hw.module @top(in %a : i8, out y : i8) {
  %y = hw.instance "u" @E<W: i32 = 1>(a: %a : i8) -> (y : i8)
  hw.output %y : i8
}
