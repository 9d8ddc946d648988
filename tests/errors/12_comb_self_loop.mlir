// expect: combinational cycle
hw.module @m(in %a : i8, out y : i8) {
  %p = comb.add %p, %a : i8
  hw.output %p : i8
}
