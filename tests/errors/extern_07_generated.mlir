// expect: 'hw.module.generated' is not supported
hw.module.generated @G, @S(in %a : i8, out y : i8)
hw.module @top(in %a : i8, out y : i8) {
  hw.output %a : i8
}
