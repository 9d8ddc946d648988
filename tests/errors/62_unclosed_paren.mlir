// expect: unexpected end of file, expected ')'
hw.module @m(in %a : i8