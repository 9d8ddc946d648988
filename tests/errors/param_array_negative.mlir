// expect: is -1 with N = 2
// A parametric array size that evaluates below 0 under the defaults: a located error
// naming the parameter and its value.
hw.module @t<N: i64 = 2>(in %a : !hw.array<#hw.param.expr.sub<#hw.param.decl.ref<"N">, 3> x i8>, out y : i1) {
  %c = hw.constant 0 : i1
  hw.output %c : i1
}
