// expect: combinational cycle in '@m'
hw.module @m(in %a : i8, out y : i8) {
  %p = comb.add %q, %a : i8
  %q = comb.and %p, %a : i8
  hw.output %q : i8
}
