// RUN: --emit verilog --keep-params
// `comb.divu` has no width-generic SystemVerilog form with our meaning of a division by
// zero: the modules are specialized as without --keep-params, and a warning says why.
hw.module @div<W: i32 = 4>(in %a : !hw.int<#hw.param.decl.ref<"W">>, in %b : !hw.int<#hw.param.decl.ref<"W">>, out q : !hw.int<#hw.param.decl.ref<"W">>) {
  %q = comb.divu %a, %b : !hw.int<#hw.param.decl.ref<"W">>
  hw.output %q : !hw.int<#hw.param.decl.ref<"W">>
}
