// expect: reads parameter 'N', which the module does not declare
hw.module @m<W: i32>(in %a : !hw.int<#hw.param.decl.ref<"N">>, out y : !hw.int<#hw.param.decl.ref<"N">>) {
  hw.output %a : !hw.int<#hw.param.decl.ref<"N">>
}
