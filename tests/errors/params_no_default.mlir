// expect: omits parameter 'N'
hw.module @inc<N: i8>(in %a : i8, out y : i8) {
  %n = hw.param.value i8 = #hw.param.decl.ref<"N">
  %s = comb.add %a, %n : i8
  hw.output %s : i8
}
hw.module @t(in %a : i8, out y : i8) {
  %y = hw.instance "u" @inc(a: %a : i8) -> (y: i8)
  hw.output %y : i8
}
