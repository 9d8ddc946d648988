// expect: 'comb.mux' takes 3 operands, got 2
hw.module @m(in %c : i1, in %a : i8, out y : i8) {
  %x = comb.mux %c, %a : i8
  hw.output %x : i8
}
