// expect: 'comb.mux' condition must be i1, got i8
hw.module @m(in %c : i8, in %a : i8, out y : i8) {
  %x = "comb.mux"(%c, %a, %a) : (i8, i8, i8) -> i8
  hw.output %x : i8
}
