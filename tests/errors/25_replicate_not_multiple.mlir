// expect: 'comb.replicate' result width 10 is not a multiple of the operand width 4
hw.module @m(in %a : i4, out y : i10) {
  %x = comb.replicate %a : (i4) -> i10
  hw.output %x : i10
}
