// expect: parameter 'W' of '@E' has type 'i32', not 'i8'
hw.module.extern @E<W: i32 = 1>(in %a : i8, out y : i8)
hw.module @top(in %a : i8, out y : i8) {
  %y = hw.instance "u" @E<W: i8 = 3>(a: %a : i8) -> (y : i8)
  hw.output %y : i8
}
