// expect: must reduce the number of operands
hw.module @m(in %a: i8, in %b: i8, in %c: i8, out y: i8) {
  %s:3 = datapath.compress %a, %b, %c : i8 [3 -> 3]
  hw.output %s#0 : i8
}
