// Black boxes with parametric port widths (tests/it/params.rs: lint-clean with the models in
// tests/params/blackbox_models.sv, and proven equal by ABC to CIRCT's own export).
hw.module.extern @Ram<WIDTH: i32, DEPTH: i32 = 16>(in %addr : i8, in %d : !hw.int<#hw.param.decl.ref<"WIDTH">>, out q : !hw.int<#hw.param.decl.ref<"WIDTH">>, out wide : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"WIDTH">, 1>>)
hw.module.extern @Fifo<W: i32 = 3>(in %d : !hw.int<#hw.param.decl.ref<"W">>, out q : !hw.int<#hw.param.decl.ref<"W">>) attributes {verilogName = "fifo_v"}
hw.module.extern @Unused<N: i32>(in %d : !hw.int<#hw.param.decl.ref<"N">>)
hw.module @wrap<N: i32 = 8>(in %a : i8, in %d : !hw.int<#hw.param.decl.ref<"N">>, out q : !hw.int<#hw.param.decl.ref<"N">>) {
  %q, %w = hw.instance "ram" @Ram<WIDTH: i32 = #hw.param.decl.ref<"N">, DEPTH: i32 = 16>(addr: %a : i8, d: %d : !hw.int<#hw.param.decl.ref<"N">>) -> (q: !hw.int<#hw.param.decl.ref<"N">>, wide: !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1>>)
  hw.output %q : !hw.int<#hw.param.decl.ref<"N">>
}
hw.module @bbtop(in %a : i8, in %x : i16, in %y : i4, in %z : i3, out o : i16, out p : i4, out f : i3, out g : i5) {
  %q, %w = hw.instance "r0" @Ram<WIDTH: i32 = 16, DEPTH: i32 = 256>(addr: %a : i8, d: %x : i16) -> (q: i16, wide: i17)
  %p, %w2 = hw.instance "r1" @Ram<WIDTH: i32 = 4, DEPTH: i32 = 16>(addr: %a : i8, d: %y : i4) -> (q: i4, wide: i5)
  %f = hw.instance "f0" @Fifo<W: i32 = 3>(d: %z : i3) -> (q: i3)
  %g = hw.instance "w0" @wrap<N: i32 = 5>(a: %a : i8, d: %w2 : i5) -> (q: i5)
  hw.output %q, %p, %f, %g : i16, i4, i3, i5
}
