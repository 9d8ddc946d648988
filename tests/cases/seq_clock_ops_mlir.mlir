// RUN: --emit mlir
// CIRCT's clock ops, lowered as its lower-seq-to-sv does: `seq.clock_inv` is `~clk`,
// `seq.clock_mux` a mux of clocks, `seq.clock_div ... by 2` two toggling registers (power-on
// 0), each on the previous one's output; the generic form of the divider reads the same.
hw.module @seq_clock_ops_mlir(in %clk : !seq.clock, in %sel : i1, in %d : i4, out a : i4, out b : i4, out c : i4, out g : i4) {
  %inv = seq.clock_inv %clk
  %a = seq.compreg %d, %inv : i4
  %m = seq.clock_mux %sel, %clk, %inv
  %b = seq.compreg %d, %m : i4
  %div = seq.clock_div %clk by 2
  %c = seq.compreg %d, %div : i4
  %gdiv = "seq.clock_div"(%clk) {pow2 = 1 : i64} : (!seq.clock) -> !seq.clock
  %g = seq.compreg %d, %gdiv : i4
  hw.output %a, %b, %c, %g : i4, i4, i4, i4
}
