// expect: is an hw.module.extern (a black box)
// top: E
hw.module.extern @E(in %a : i8, out y : i8)
hw.module @top(in %a : i8, out y : i8) {
  %y = hw.instance "u" @E(a: %a : i8) -> (y : i8)
  hw.output %y : i8
}
