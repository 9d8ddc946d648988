// expect: a string (type none), as an integer
hw.module @m<S: none = "x">(in %a : !hw.int<#hw.param.decl.ref<"S">>, out y : !hw.int<#hw.param.decl.ref<"S">>) {
  hw.output %a : !hw.int<#hw.param.decl.ref<"S">>
}
