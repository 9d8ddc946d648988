// expect: parameter 'W' is i32 but 'hw.param.value' reads it as i8
hw.module @m<W: i32 = 8>(in %a : i8, out y : i8) {
  %p = hw.param.value i8 = #hw.param.decl.ref<"W">
  %y = comb.add %a, %p : i8
  hw.output %y : i8
}
