// RUN: --emit mlir -O0
// seq.shiftreg's inner symbol is kept like seq.compreg's: on the last stage (the register
// that keeps the result's name, `q`; only an unnamed one is named after the symbol), so
// `--emit mlir` prints `seq.compreg.ce sym @chain` and CIRCT verifies it
// (tests/it/circt_interop.rs); the other stages are `q_sh1`, `q_sh2`.
hw.module @shiftreg_sym(in %clk : !seq.clock, in %d : i4, in %ce : i1, out q : i4, out r : i4) {
  %q = seq.shiftreg [3] sym @chain %d, %clk, %ce : i4
  %r = seq.shiftreg [1] sym @one %q, %clk, %ce {name = "last"} : i4
  hw.output %q, %r : i4, i4
}
