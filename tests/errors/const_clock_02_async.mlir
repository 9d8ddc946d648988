// expect: a register with an asynchronous reset on a constant clock is not supported
hw.module @t(in %r : i1, in %d : i8, out q : i8) {
  %c = seq.const_clock low
  %c0 = hw.constant 0 : i8
  %q = seq.firreg %d clock %c reset async %r, %c0 : i8
  hw.output %q : i8
}
