// expect: 'comb.parity' cannot take a zero-width (i0) value
hw.module @m(in %a : i0, out y : i1) {
  %p = comb.parity %a : i0
  hw.output %p : i1
}
