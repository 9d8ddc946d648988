// expect: body must end with 'seq.yield'
hw.module @t(in %clk : !seq.clock, in %d : i8, out q : i8) {
  %init = seq.initial () {
    %c = hw.constant 3 : i8
  } : () -> !seq.immutable<i8>
  %q = seq.compreg %d, %clk initial %init : i8
  hw.output %q : i8
}
