// expect: unknown parameter 'N'
// A parametric array size on a module that declares no such parameter: the size is not
// known, a located error at the type.
hw.module @t(in %a : !hw.array<#hw.param.decl.ref<"N"> x i8>) {
  hw.output
}
