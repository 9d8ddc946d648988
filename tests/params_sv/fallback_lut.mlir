// RUN: --emit verilog --keep-params --lut 4
// LUT mapping needs concrete widths: the modules are specialized, with a warning.
hw.module @x<W: i32 = 3>(in %a : !hw.int<#hw.param.decl.ref<"W">>, in %b : !hw.int<#hw.param.decl.ref<"W">>, out y : !hw.int<#hw.param.decl.ref<"W">>) {
  %y = comb.xor %a, %b : !hw.int<#hw.param.decl.ref<"W">>
  hw.output %y : !hw.int<#hw.param.decl.ref<"W">>
}
