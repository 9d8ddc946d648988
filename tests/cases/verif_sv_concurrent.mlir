// RUN: --emit mlir
// The SV dialect's concurrent assertions become the same checks as verif.* (printed back in
// CIRCT 1.62's verif + ltl.clock form).
hw.module @t(in %clk : i1, in %a : i1, in %en : i1) {
  sv.assert.concurrent posedge %clk, %a label "sa"
  sv.assume.concurrent posedge %clk, %a
  sv.cover.concurrent posedge %clk, %a label "sc"
  hw.output
}
