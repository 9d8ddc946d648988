// expect: module '@inc' has no parameter 'X'
hw.module @inc<N: i8 = 1>(in %a : i8, out y : i8) {
  %n = hw.param.value i8 = #hw.param.decl.ref<"N">
  %s = comb.add %a, %n : i8
  hw.output %s : i8
}
hw.module @t(in %a : i8, out y : i8) {
  %y = hw.instance "u" @inc<X: i8 = 2>(a: %a : i8) -> (y: i8)
  hw.output %y : i8
}
