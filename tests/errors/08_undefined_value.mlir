// expect: use of undefined value '%nope'
hw.module @m(in %a : i8, out y : i8) {
  %x = comb.add %a, %nope : i8
  hw.output %x : i8
}
