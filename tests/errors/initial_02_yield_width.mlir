// expect: 'seq.yield' gives an i4 value for a result of type '!seq.immutable<i8>'
hw.module @t(in %clk : !seq.clock, in %d : i8, out q : i8) {
  %init = seq.initial () {
    %c = hw.constant 3 : i4
    seq.yield %c : i4
  } : () -> !seq.immutable<i8>
  %q = seq.compreg %d, %clk initial %init : i8
  hw.output %q : i8
}
