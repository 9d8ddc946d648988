// Module parameters: each distinct assignment an instance uses becomes its own module
// (the defaults keep the name, others are NAME_P_V...); hw.param.value becomes a constant,
// and an override may be an expression of the instantiating module's parameters.
hw.module @inc<N: i4 = 1, M: i4 = 2>(in %a : i4, out y : i4) {
  %n = hw.param.value i4 = #hw.param.expr.add<#hw.param.decl.ref<"N">, #hw.param.decl.ref<"M">>
  %s = comb.add %a, %n : i4
  hw.output %s : i4
}
hw.module @twice<N: i4 = 3>(in %a : i4, out y : i4) {
  %y = hw.instance "i" @inc<N: i4 = #hw.param.expr.shl<#hw.param.decl.ref<"N">, 1>, M: i4 = 0>(a: %a : i4) -> (y: i4)
  hw.output %y : i4
}
hw.module @params_top(in %a : i4, out p : i4, out q : i4, out r : i4) {
  %p = hw.instance "d" @inc<N: i4 = 1, M: i4 = 2>(a: %a : i4) -> (y: i4)
  %q = hw.instance "o" @inc<N: i4 = -1, M: i4 = 2>(a: %a : i4) -> (y: i4)
  %r = hw.instance "t" @twice<N: i4 = 3>(a: %a : i4) -> (y: i4)
  hw.output %p, %q, %r : i4, i4, i4
}
