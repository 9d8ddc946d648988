// expect: unknown op 'comb.foo'
hw.module @m(in %a : i8, out y : i8) {
  %x = comb.foo %a : i8
  hw.output %x : i8
}
