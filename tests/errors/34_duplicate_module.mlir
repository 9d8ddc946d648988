// expect: module '@m' is defined twice
hw.module @m(in %a : i1, out y : i1) {
  hw.output %a : i1
}
hw.module @m(in %a : i1, out y : i1) {
  hw.output %a : i1
}
