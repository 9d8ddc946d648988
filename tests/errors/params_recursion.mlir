// expect: instances recurse through the parameters of '@r'
hw.module @r<D: i32 = 3>(in %a : i8, out y : i8) {
  %y = hw.instance "down" @r<D: i32 = #hw.param.expr.add<#hw.param.decl.ref<"D">, 1>>(a: %a : i8) -> (y: i8)
  hw.output %y : i8
}
hw.module @t(in %a : i8, out y : i8) {
  %y = hw.instance "u" @r<D: i32 = 0>(a: %a : i8) -> (y: i8)
  hw.output %y : i8
}
