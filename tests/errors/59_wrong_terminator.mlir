// expect: 'func.return' cannot end a 'hw.module' body; use 'hw.output'
hw.module @m(in %a : i8, out y : i8) {
  return %a : i8
}
