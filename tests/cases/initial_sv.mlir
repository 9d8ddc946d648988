// CIRCT's seq.initial: registers start from values computed at build time (constants and
// comb ops over other seq.initial results), with and without an enable and a reset.
hw.module @initial_values(in %clk : !seq.clock, in %rst : i1, in %en : i1, in %d : i8, out a : i8, out b : i8, out c : i8, out k : i8) {
  %init = seq.initial () {
    %cst = hw.constant 19 : i8
    seq.yield %cst : i8
  } : () -> !seq.immutable<i8>
  %twice = seq.initial (%init) {
  ^bb0(%x : i8):
    %y = comb.add %x, %x : i8
    %z = comb.xor %y, %x : i8
    seq.yield %z : i8
  } : (!seq.immutable<i8>) -> !seq.immutable<i8>
  %c0 = hw.constant 0 : i8
  %one = hw.constant 1 : i8
  %an = comb.add %a, %one : i8
  %a = seq.compreg %an, %clk initial %init : i8
  %bn = comb.add %b, %d : i8
  %b = seq.compreg.ce sym @b %bn, %clk, %en reset %rst, %c0 initial %twice : i8
  %cn = comb.xor %c, %d : i8
  %c = seq.compreg.ce %cn, %clk, %en initial %init : i8
  %k = seq.from_immutable %twice : (!seq.immutable<i8>) -> i8
  hw.output %a, %b, %c, %k : i8, i8, i8, i8
}
