// RUN: --emit mlir
// Metadata CIRCT pipelines leave, accepted and dropped (no netlist meaning): debug info
// (`dbg.variable`, `dbg.scope`), hierarchical paths (`hw.hierpath`), and the output-file
// structure of CIRCT's emission (`emit.fragment`, `emit.file`, `emit.verbatim`, `emit.ref`,
// and a module's `emit.fragments` attribute).
hw.hierpath private @Path [@circt_metadata::@w, @Leaf]
hw.hierpath @Mod [@Leaf]
emit.fragment @Frag {
  sv.verbatim "// fragment"
}
emit.file "extra.sv" sym @Extra {
  emit.verbatim "// extra"
  emit.ref @Leaf
}
hw.module @Leaf(in %a : i4, out y : i4) {
  %s = dbg.scope "u", "Leaf"
  dbg.variable "a_in", %a scope %s : i4
  hw.output %a : i4
}
hw.module @circt_metadata(in %a : i4, in %b : i4, out y : i4) attributes {emit.fragments = [@Frag]} {
  %x = comb.add %a, %b : i4
  dbg.variable "sum", %x : i4
  "dbg.variable"(%b) {name = "b_in"} : (i4) -> ()
  %w = hw.wire %x sym @w : i4
  %y = hw.instance "u" @Leaf(a: %w : i4) -> (y: i4)
  hw.output %y : i4
}
