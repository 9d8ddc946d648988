// CIRCT's seq.shiftreg (N registers with a clock enable, optional reset and power-on
// value) and constant clocks (seq.const_clock, seq.to_clock of a constant): a register on
// a clock that never ticks holds its initial value.
hw.module @shiftreg(in %clk : !seq.clock, in %rst : i1, in %ce : i1, in %i : i8, out a : i8, out b : i8, out c : i8, out h : i8, out l : i8, out t : i8, out k : i1) {
  %c0 = hw.constant 0 : i8
  %c9 = hw.constant 9 : i8
  %a = seq.shiftreg [3] %i, %clk, %ce : i8
  %b = seq.shiftreg [2] sym @b %i, %clk, %ce reset %rst, %c0 powerOn %c9 : i8
  %one = hw.constant true
  %c = seq.shiftreg [1] %i, %clk, %one : i8
  %high = seq.const_clock high
  %low = seq.const_clock low
  %h = seq.compreg %i, %high : i8
  %l = seq.firreg %i clock %low preset 200 : i8
  %f = hw.constant false
  %never = seq.to_clock %f
  %t = seq.compreg.ce %i, %never, %ce powerOn %c9 : i8
  %k = seq.from_clock %high
  hw.output %a, %b, %c, %h, %l, %t, %k : i8, i8, i8, i8, i8, i8, i1
}
