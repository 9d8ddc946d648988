// expect: 'verif.ensure' must be inside a 'verif.contract'
hw.module @d(in %a : i1) {
  verif.ensure %a : i1
  hw.output
}
