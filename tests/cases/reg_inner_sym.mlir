// RUN: --emit mlir
// Inner symbols on registers (seq.compreg, seq.compreg.ce, seq.firreg) are kept by --emit mlir.
hw.module @syms(in %clk : !seq.clock, in %rst : i1, in %en : i1, in %d : i8, out a : i8, out b : i8, out c : i8, out e : i8) {
  %c0 = hw.constant 0 : i8
  %a = seq.compreg sym @ra %d, %clk reset %rst, %c0 : i8
  %b = seq.compreg.ce sym @rb %d, %clk, %en : i8
  %c = seq.firreg %d clock %clk sym @rc reset async %rst, %c0 : i8
  %e = seq.firreg %d clock %clk sym @"r e" preset 3 : i8
  hw.output %a, %b, %c, %e : i8, i8, i8, i8
}
