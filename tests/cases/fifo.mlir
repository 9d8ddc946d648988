// RUN: --emit verilog
// CIRCT's seq.fifo (CIRCT 1.62's lowering, see docs/src/memories.md "FIFOs"): a 4-deep FIFO with both
// thresholds and an 8-deep one without, sharing the clock and reset.
hw.module @fifos(in %clk : !seq.clock, in %rst : i1, in %a : i8, in %rda : i1, in %wra : i1, in %b : i4, in %rdb : i1, in %wrb : i1, out qa : i8, out fulla : i1, out emptya : i1, out afa : i1, out aea : i1, out qb : i4, out fullb : i1, out emptyb : i1) {
  %qa, %fulla, %emptya, %afa, %aea = seq.fifo depth 4 almost_full 2 almost_empty 1 in %a rdEn %rda wrEn %wra clk %clk rst %rst : i8
  %qb, %fullb, %emptyb = seq.fifo depth 8 in %b rdEn %rdb wrEn %wrb clk %clk rst %rst : i4
  hw.output %qa, %fulla, %emptya, %afa, %aea, %qb, %fullb, %emptyb : i8, i1, i1, i1, i1, i4, i1, i1
}
