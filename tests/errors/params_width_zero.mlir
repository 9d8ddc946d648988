// expect: is 0 with W = 4; a width must be a positive constant
hw.module @m<W: i32 = 8>(in %a : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"W">, -4>>, out y : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"W">, -4>>) {
  hw.output %a : !hw.int<#hw.param.expr.add<#hw.param.decl.ref<"W">, -4>>
}
hw.module @t(in %a : i4, out y : i4) {
  %y = hw.instance "u" @m<W: i32 = 8>(a: %a : i4) -> (y: i4)
  %z = hw.instance "v" @m<W: i32 = 4>(a: %a : i4) -> (y: i4)
  hw.output %y : i4
}
