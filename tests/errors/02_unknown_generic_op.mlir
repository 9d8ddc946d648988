// expect: unknown op 'foo.bar'
hw.module @m(in %a : i8, out y : i8) {
  %x = "foo.bar"(%a) : (i8) -> i8
  hw.output %x : i8
}
