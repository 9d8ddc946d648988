// expect: unknown icmp predicate 'lessthan'
hw.module @m(in %a : i8, out y : i1) {
  %x = comb.icmp lessthan %a, %a : i8
  hw.output %x : i1
}
