// expect: expects different type than prior uses
hw.module @m<W: i32, V: i32>(in %a : !hw.int<#hw.param.decl.ref<"W">>, in %b : !hw.int<#hw.param.decl.ref<"V">>, out y : !hw.int<#hw.param.decl.ref<"W">>) {
  %y = comb.add %a, %b : !hw.int<#hw.param.decl.ref<"W">>
  hw.output %y : !hw.int<#hw.param.decl.ref<"W">>
}
