// expect: belongs inside a procedural block
hw.module @t(in %a : i1) {
  sv.assert %a, immediate
  hw.output
}
