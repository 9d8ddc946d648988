// expect: 'hw.param.value' reads parameter 'Q'
hw.module @m<W: i32>(out y : i32) {
  %v = hw.param.value i32 = #hw.param.expr.add<#hw.param.decl.ref<"Q">, 1>
  hw.output %v : i32
}
