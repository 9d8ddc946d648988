// expect: 'comb.icmp' result must be i1
hw.module @m(in %a : i8, out y : i8) {
  %x = "comb.icmp"(%a, %a) <{predicate = 0 : i64}> : (i8, i8) -> i8
  hw.output %x : i8
}
