// A top whose parameter has no default cannot be specialized: it is written as a
// parameterized module without any flag. Widths are parameter expressions (clog2, mul).
hw.module @fifo_ptr<DEPTH: i32, W: i32 = 8>(in %clk : !seq.clock, in %rst : i1, in %inc : i1, in %d : !hw.int<#hw.param.expr.mul<#hw.param.decl.ref<"W">, 2>>, out ptr : !hw.int<#hw.param.expr.clog2<#hw.param.decl.ref<"DEPTH">>>, out lo : !hw.int<#hw.param.decl.ref<"W">>) {
  %one = hw.param.value !hw.int<#hw.param.expr.clog2<#hw.param.decl.ref<"DEPTH">>> = 1
  %zero = hw.param.value !hw.int<#hw.param.expr.clog2<#hw.param.decl.ref<"DEPTH">>> = 0
  %next = comb.add %p, %one : !hw.int<#hw.param.expr.clog2<#hw.param.decl.ref<"DEPTH">>>
  %p = seq.compreg.ce %next, %clk, %inc reset %rst, %zero : !hw.int<#hw.param.expr.clog2<#hw.param.decl.ref<"DEPTH">>>
  %lo = comb.extract %d from 0 : (!hw.int<#hw.param.expr.mul<#hw.param.decl.ref<"W">, 2>>) -> !hw.int<#hw.param.decl.ref<"W">>
  hw.output %p, %lo : !hw.int<#hw.param.expr.clog2<#hw.param.decl.ref<"DEPTH">>>, !hw.int<#hw.param.decl.ref<"W">>
}
