hw.module @t(in %a : i1) {
  sv.assert %a, immediate
  hw.output
}
