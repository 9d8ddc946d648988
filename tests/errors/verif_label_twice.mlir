// expect: label "x" is used twice in this module
hw.module @m(in %a : i1) {
  verif.assert %a label "x" : i1
  verif.cover %a label "x" : i1
  hw.output
}
