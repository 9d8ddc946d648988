// expect: omits parameter 'S'
hw.module @leaf<W: i32, S: i32 = 1>(in %a : !hw.int<#hw.param.decl.ref<"W">>, out y : !hw.int<#hw.param.decl.ref<"W">>) {
  hw.output %a : !hw.int<#hw.param.decl.ref<"W">>
}
hw.module @top<W: i32>(in %a : !hw.int<#hw.param.decl.ref<"W">>, out y : !hw.int<#hw.param.decl.ref<"W">>) {
  %y = hw.instance "u" @leaf<W: i32 = #hw.param.decl.ref<"W">>(a: %a : !hw.int<#hw.param.decl.ref<"W">>) -> (y: !hw.int<#hw.param.decl.ref<"W">>)
  hw.output %y : !hw.int<#hw.param.decl.ref<"W">>
}
