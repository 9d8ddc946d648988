// expect: expected attribute value
hw.module @m(in %a : i8, out y : i8) {
  %x = comb.inv %a {foo = } : i8
  hw.output %x : i8
}
