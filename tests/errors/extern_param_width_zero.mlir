// expect: black box '@Ram': the width of '!hw.int<#hw.param.decl.ref<"WIDTH">>' is 0 with WIDTH = 0
hw.module.extern @Ram<WIDTH: i32>(in %d : !hw.int<#hw.param.decl.ref<"WIDTH">>)
hw.module @top(in %x : i16) {
  hw.instance "r0" @Ram<WIDTH: i32 = 0>(d: %x : i16) -> ()
  hw.output
}
