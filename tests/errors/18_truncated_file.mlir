// expect: unexpected end of file
hw.module @m(in %a : i8, out y : i8) {
  %x = comb.add %a, %a :