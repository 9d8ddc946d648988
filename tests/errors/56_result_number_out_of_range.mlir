// expect: has only 1 results, result #3 does not exist
hw.module @m(in %a : i8, out y : i8) {
  %x = comb.inv %a : i8
  %z = comb.add %x#3, %a : i8
  hw.output %z : i8
}
