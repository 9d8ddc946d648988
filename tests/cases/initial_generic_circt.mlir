// RUN: --emit mlir --generic --dialect circt
// Registers with initial values in CIRCT 1.62's generic form: an hw.constant as the plain power-on operand (1.62 has no seq.initial).
hw.module @inits(in %clk : !seq.clock, in %en : i1, in %d : i8, out a : i8, out b : i8) {
  %init = seq.initial() {
    %c = hw.constant 5 : i8
    seq.yield %c : i8
  } : () -> !seq.immutable<i8>
  %a = seq.compreg.ce %d, %clk, %en initial %init : i8
  %b = seq.compreg %d, %clk initial %init : i8
  hw.output %a, %b : i8, i8
}
