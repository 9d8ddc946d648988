// expect: 'comb.sub' takes 2 operands, got 3
hw.module @m(in %a : i8, out y : i8) {
  %x = comb.sub %a, %a, %a : i8
  hw.output %x : i8
}
