// expect: module '@E' has no parameter 'DEPTH'
hw.module.extern @E<W: i32 = 1>(in %a : i8, out y : i8)
hw.module @top(in %a : i8, out y : i8) {
  %y = hw.instance "u" @E<DEPTH: i32 = 4>(a: %a : i8) -> (y : i8)
  hw.output %y : i8
}
