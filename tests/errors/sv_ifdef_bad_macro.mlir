// expect: expected a macro
hw.module @t(in %a : i1, out y : i1) {
  sv.ifdef 42 {
  }
  hw.output %a : i1
}
