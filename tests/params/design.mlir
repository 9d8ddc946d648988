// Module parameters specialized per instance (hw.param.value, expressions, overrides that
// flow down the hierarchy). Instances list every parameter, as CIRCT's verifier wants.
// (comb.add, not comb.mul, on a parameter: CIRCT 1.62's export crashes folding comb.mul of one.)
hw.module @scale<K: i8 = 3, S: i8 = 1>(in %a : i8, out y : i8) {
  %k = hw.param.value i8 = #hw.param.decl.ref<"K">
  %s = hw.param.value i8 = #hw.param.expr.add<#hw.param.decl.ref<"S">, 1>
  %m = comb.add %a, %k : i8
  %r = comb.shl %m, %s : i8
  hw.output %r : i8
}
hw.module @pair<K: i8 = 5>(in %a : i8, out y : i8) {
  %y1 = hw.instance "inner" @scale<K: i8 = #hw.param.expr.mul<#hw.param.decl.ref<"K">, 2>, S: i8 = 0>(a: %a : i8) -> (y: i8)
  hw.output %y1 : i8
}
hw.module @ptop(in %a : i8, out p : i8, out q : i8, out r : i8, out s : i8) {
  %p = hw.instance "u0" @scale<K: i8 = 3, S: i8 = 1>(a: %a : i8) -> (y: i8)
  %q = hw.instance "u1" @scale<K: i8 = 7, S: i8 = 1>(a: %a : i8) -> (y: i8)
  %r = hw.instance "u2" @pair<K: i8 = 5>(a: %a : i8) -> (y: i8)
  %s = hw.instance "u3" @pair<K: i8 = 1>(a: %a : i8) -> (y: i8)
  hw.output %p, %q, %r, %s : i8, i8, i8, i8
}
