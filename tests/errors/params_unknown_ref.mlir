// expect: unknown parameter 'M'
hw.module @inc<N: i8 = 1>(in %a : i8, out y : i8) {
  %n = hw.param.value i8 = #hw.param.expr.add<#hw.param.decl.ref<"M">, 1>
  %s = comb.add %a, %n : i8
  hw.output %s : i8
}
