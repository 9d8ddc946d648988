// expect: truth table of 6 bits is not 2^n
hw.module @m(in %a : i1, in %b : i1, out y : i1) {
  %x = comb.truth_table %a, %b -> 6 : ui6
  hw.output %x : i1
}
