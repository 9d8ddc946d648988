// RUN: --emit verilog
hw.module @regs(in %clk : !seq.clock, in %rst : i1, in %en : i1, in %d : i8, out q0 : i8, out q1 : i8, out q2 : i8) {
  %init = hw.constant 42 : i8
  %q0 = seq.compreg %d, %clk : i8
  %q1 = seq.compreg sym @r1 %d, %clk reset %rst, %init : i8
  %q2 = seq.compreg.ce %d, %clk, %en reset %rst, %init : i8
  hw.output %q0, %q1, %q2 : i8, i8, i8
}
