// Port names that are no SSA names: CIRCT's 'in %a "a b"' and 'out "x y"'; SystemVerilog legalizes them.
hw.module @q(in %a "a b" : i1, in %c : i1, out "x y" : i1) {
  %0 = comb.and %a, %c : i1
  hw.output %0 : i1
}
