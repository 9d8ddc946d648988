// RUN: --emit verilog
hw.module @gated(in %c : i1, in %d : i4, out q : i4, out cbit : i1) {
  %clk = seq.to_clock %c
  %q = seq.compreg %d, %clk : i4
  %cbit = seq.from_clock %clk
  hw.output %q, %cbit : i4, i1
}
