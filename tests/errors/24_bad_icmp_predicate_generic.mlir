// expect: 'comb.icmp' needs a 'predicate' between 0 and 13
hw.module @m(in %a : i8, out y : i1) {
  %x = "comb.icmp"(%a, %a) <{predicate = 14 : i64}> : (i8, i8) -> i1
  hw.output %x : i1
}
