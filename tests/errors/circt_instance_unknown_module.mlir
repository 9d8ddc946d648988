// expect: instance of unknown module '@nope'
hw.module @t(in %a : i4, out y : i4) {
  %y = hw.instance "u" @nope(x: %a : i4) -> (y: i4)
  hw.output %y : i4
}
