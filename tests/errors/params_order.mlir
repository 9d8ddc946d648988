// expect: declares 'K' there
hw.module @scale<K: i8 = 3, S: i8 = 1>(in %a : i8, out y : i8) {
  %k = hw.param.value i8 = #hw.param.decl.ref<"K">
  %m = comb.add %a, %k : i8
  hw.output %m : i8
}
hw.module @t(in %a : i8, out p : i8) {
  %p = hw.instance "u0" @scale<S: i8 = 1, K: i8 = 3>(a: %a : i8) -> (y: i8)
  hw.output %p : i8
}
