// CIRCT's formal contract outside formal verification: the result is its operand, the
// requirement an assertion and the guarantee an assumption (comb/src/build/verif_contract.rs).
hw.module @c(in %a : i8, in %clk : !seq.clock, out y : i8) {
  %c0 = hw.constant 0 : i8
  %nz = comb.icmp ne %a, %c0 : i8
  %c1 = hw.constant 1 : i8
  %s = comb.add %a, %c1 : i8
  %r = verif.contract %s : i8 {
    verif.require %nz label "nonzero" : i1
    %q = comb.icmp ne %s, %c0 : i8
    verif.ensure %q if %nz : i1
  }
  hw.output %r : i8
}
