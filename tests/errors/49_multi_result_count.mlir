// expect: defines 1 results but was provided 2 to bind
hw.module @m(in %a : i8, out y : i8) {
  %x:2 = comb.inv %a : i8
  hw.output %a : i8
}
