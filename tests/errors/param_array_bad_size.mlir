// expect: expected an array size
// An array size that is neither an integer nor a #hw.param expression.
hw.module @t(in %a : !hw.array<#hw.bad x i8>) {
  hw.output
}
