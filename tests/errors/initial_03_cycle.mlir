// expect: operands must be results of other 'seq.initial's, without a cycle
hw.module @t(in %clk : !seq.clock, in %d : i8, out q : i8) {
  %a = seq.initial (%b) {
  ^bb0(%x : i8):
    seq.yield %x : i8
  } : (!seq.immutable<i8>) -> !seq.immutable<i8>
  %b = seq.initial (%a) {
  ^bb0(%y : i8):
    seq.yield %y : i8
  } : (!seq.immutable<i8>) -> !seq.immutable<i8>
  %q = seq.compreg %d, %clk initial %a : i8
  hw.output %q : i8
}
