// RUN: --emit verilog --keep-params
// A parametric datapath kept parametric: every width-generic comb op, hw.param.value with
// clog2, a register with reset and enable, and a top instantiating it at two widths
// (tests/it/params_sv.rs simulates this output against the specialized one).
hw.module @alu<W: i32, S: i32 = 2>(in %clk : !seq.clock, in %rst : i1, in %en : i1, in %a : !hw.int<#hw.param.decl.ref<"W">>, in %b : !hw.int<#hw.param.decl.ref<"W">>, in %op : i2, out y : !hw.int<#hw.param.decl.ref<"W">>, out lt : i1, out q : !hw.int<#hw.param.decl.ref<"W">>, out par : i1, out lg : i32) {
  %sum = comb.add %a, %b : !hw.int<#hw.param.decl.ref<"W">>
  %diff = comb.sub %a, %b : !hw.int<#hw.param.decl.ref<"W">>
  %prod = comb.mul %a, %b : !hw.int<#hw.param.decl.ref<"W">>
  %mix = comb.xor %a, %b, %sum : !hw.int<#hw.param.decl.ref<"W">>
  %msk = comb.and %a, %b : !hw.int<#hw.param.decl.ref<"W">>
  %any = comb.or %msk, %diff : !hw.int<#hw.param.decl.ref<"W">>
  %sh = comb.shl %a, %b : !hw.int<#hw.param.decl.ref<"W">>
  %shr = comb.shru %a, %b : !hw.int<#hw.param.decl.ref<"W">>
  %sra = comb.shrs %a, %b : !hw.int<#hw.param.decl.ref<"W">>
  %lt = comb.icmp slt %a, %b : !hw.int<#hw.param.decl.ref<"W">>
  %ult = comb.icmp ult %a, %b : !hw.int<#hw.param.decl.ref<"W">>
  %o0 = comb.extract %op from 0 : (i2) -> i1
  %o1 = comb.extract %op from 1 : (i2) -> i1
  %m0 = comb.mux %o0, %sum, %diff : !hw.int<#hw.param.decl.ref<"W">>
  %m1 = comb.mux %o0, %prod, %mix : !hw.int<#hw.param.decl.ref<"W">>
  %m2 = comb.mux %ult, %sh, %shr : !hw.int<#hw.param.decl.ref<"W">>
  %m3 = comb.mux %o1, %m1, %m0 : !hw.int<#hw.param.decl.ref<"W">>
  %y = comb.xor %m3, %m2, %sra, %any : !hw.int<#hw.param.decl.ref<"W">>
  %c = comb.parity %a : !hw.int<#hw.param.decl.ref<"W">>
  %par = comb.concat %c : i1
  %r = seq.compreg.ce %y, %clk, %en reset %rst, %a : !hw.int<#hw.param.decl.ref<"W">>
  %lg = hw.param.value i32 = #hw.param.expr.clog2<#hw.param.expr.shl<#hw.param.decl.ref<"W">, #hw.param.decl.ref<"S">>>
  hw.output %y, %lt, %r, %par, %lg : !hw.int<#hw.param.decl.ref<"W">>, i1, !hw.int<#hw.param.decl.ref<"W">>, i1, i32
}
hw.module @pair(in %clk : !seq.clock, in %rst : i1, in %en : i1, in %a5 : i5, in %b5 : i5, in %a12 : i12, in %b12 : i12, in %op : i2, out y5 : i5, out lt5 : i1, out q5 : i5, out t5 : i1, out l5 : i32, out y12 : i12, out lt12 : i1, out q12 : i12, out t12 : i1, out l12 : i32) {
  %y5, %lt5, %q5, %t5, %l5 = hw.instance "u5" @alu<W: i32 = 5, S: i32 = 2>(clk: %clk : !seq.clock, rst: %rst : i1, en: %en : i1, a: %a5 : i5, b: %b5 : i5, op: %op : i2) -> (y: i5, lt: i1, q: i5, par: i1, lg: i32)
  %y12, %lt12, %q12, %t12, %l12 = hw.instance "u12" @alu<W: i32 = 12, S: i32 = 3>(clk: %clk : !seq.clock, rst: %rst : i1, en: %en : i1, a: %a12 : i12, b: %b12 : i12, op: %op : i2) -> (y: i12, lt: i1, q: i12, par: i1, lg: i32)
  hw.output %y5, %lt5, %q5, %t5, %l5, %y12, %lt12, %q12, %t12, %l12 : i5, i1, i5, i1, i32, i12, i1, i12, i1, i32
}
