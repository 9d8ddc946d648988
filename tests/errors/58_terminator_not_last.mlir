// expect: 'hw.output' must be the last op of the body
hw.module @m(in %a : i8, out y : i8) {
  hw.output %a : i8
  %x = comb.inv %a : i8
}
