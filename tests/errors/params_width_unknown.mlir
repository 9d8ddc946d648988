// expect: unknown parameter 'X'
hw.module @m<W: i32 = 8>(in %a : !hw.int<#hw.param.decl.ref<"W">>, in %b : !hw.int<#hw.param.decl.ref<"X">>, out y : !hw.int<#hw.param.decl.ref<"W">>) {
  %r = comb.add %b, %b : !hw.int<#hw.param.decl.ref<"X">>
  hw.output %a : !hw.int<#hw.param.decl.ref<"W">>
}
