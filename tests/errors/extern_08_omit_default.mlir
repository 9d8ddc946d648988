// expect: omits parameter 'W'
hw.module.extern @E<W: i32 = 1, D: i32 = 2>(in %a : i8, out y : i8)
hw.module @top(in %a : i8, out y : i8) {
  %y = hw.instance "u" @E<D: i32 = 2>(a: %a : i8) -> (y : i8)
  hw.output %y : i8
}
