// RUN: --emit verilog --keep-params
// tests/cases/params_widths.mlir kept parametric: instances pass parameter expressions
// (`.W(N + 1)`) down the hierarchy; values equal to the default are left out.
hw.module @acc<W: i32 = 8>(in %clk : !seq.clock, in %rst : i1, in %d : !hw.int<#hw.param.decl.ref<"W">>, out q : !hw.int<#hw.param.decl.ref<"W">>) {
  %s = comb.add %d, %r : !hw.int<#hw.param.decl.ref<"W">>
  %r = seq.compreg %s, %clk reset %rst, %d : !hw.int<#hw.param.decl.ref<"W">>
  hw.output %r : !hw.int<#hw.param.decl.ref<"W">>
}
hw.module @pick<N: i32 = 2>(in %a : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>, in %b : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>, out y : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>, out lt : i1) {
  %c = comb.icmp ult %a, %b : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>
  %x = comb.xor %a, %b : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>
  %y = comb.mux %c, %x, %a : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>
  hw.output %y, %c : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>, i1
}
hw.module @chain<N: i32 = 3>(in %clk : !seq.clock, in %rst : i1, in %a : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>, out y : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>, out lt : i1) {
  %q = hw.instance "sum" @acc<W: i32 = #hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>(clk: %clk : !seq.clock, rst: %rst : i1, d: %a : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>) -> (q: !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>)
  %y, %lt = hw.instance "sel" @pick<N: i32 = #hw.param.decl.ref<"N">>(a: %q : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>, b: %a : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>) -> (y: !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>, lt: i1)
  hw.output %y, %lt : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>, i1
}
hw.module @pwidths(in %clk : !seq.clock, in %rst : i1, in %a : i4, in %b : i8, in %c : i6, out p : i4, out q : i8, out r : i6, out s : i1, out t : i3, out u : i1) {
  %p = hw.instance "a4" @acc<W: i32 = 4>(clk: %clk : !seq.clock, rst: %rst : i1, d: %a : i4) -> (q: i4)
  %q = hw.instance "a8" @acc<W: i32 = 8>(clk: %clk : !seq.clock, rst: %rst : i1, d: %b : i8) -> (q: i8)
  %r, %s = hw.instance "c5" @chain<N: i32 = 5>(clk: %clk : !seq.clock, rst: %rst : i1, a: %c : i6) -> (y: i6, lt: i1)
  %lo = comb.extract %c from 0 : (i6) -> i3
  %hi = comb.extract %c from 3 : (i6) -> i3
  %t, %u = hw.instance "p2" @pick<N: i32 = 2>(a: %lo : i3, b: %hi : i3) -> (y: i3, lt: i1)
  hw.output %p, %q, %r, %s, %t, %u : i4, i8, i6, i1, i3, i1
}
