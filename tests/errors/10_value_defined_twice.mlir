// expect: value '%x' is defined twice
hw.module @m(in %a : i8, out y : i8) {
  %x = comb.inv %a : i8
  %x = comb.add %a, %a : i8
  hw.output %x : i8
}
