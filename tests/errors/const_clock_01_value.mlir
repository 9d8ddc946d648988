// expect: expected 'low' or 'high'
hw.module @t(in %d : i8, out q : i8) {
  %c = seq.const_clock medium
  %q = seq.compreg %d, %c : i8
  hw.output %q : i8
}
