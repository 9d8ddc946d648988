// RUN: --emit mlir
// Initial values through --emit mlir: a register without an enable keeps its value as
// seq.firreg's preset; one with an enable as seq.compreg.ce ... initial after a seq.initial.
// CIRCT 1.62's powerOn spelling reads as the same thing.
hw.module @init_mlir(in %clk : !seq.clock, in %en : i1, in %d : i4, out a : i4, out b : i4, out c : i1) {
  %init = seq.initial () {
    %cst = hw.constant -3 : i4
    seq.yield %cst : i4
  } : () -> !seq.immutable<i4>
  %a = seq.compreg %d, %clk initial %init : i4
  %b = seq.compreg.ce %d, %clk, %en initial %init : i4
  %t = hw.constant true
  %e = comb.extract %d from 0 : (i4) -> i1
  %c = seq.compreg.ce %e, %clk, %en powerOn %t : i1
  hw.output %a, %b, %c : i4, i4, i1
}
