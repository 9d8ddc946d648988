// Shift registers and constant clocks for the comparison with CIRCT's own SystemVerilog
// (tests/it/seq_more.rs): CIRCT leaves a register without a power-on value undefined (random
// in simulation), so every register here has one.
hw.module @shiftreg_circt(in %clk : !seq.clock, in %rst : i1, in %ce : i1, in %i : i8, out a : i8, out b : i8, out h : i8, out l : i8, out t : i8, out k : i1) {
  %c0 = hw.constant 0 : i8
  %c9 = hw.constant 9 : i8
  %c3 = hw.constant 3 : i8
  %a = seq.shiftreg [3] %i, %clk, %ce powerOn %c3 : i8
  %b = seq.shiftreg [2] sym @b %i, %clk, %ce reset %rst, %c0 powerOn %c9 : i8
  %high = seq.const_clock high
  %low = seq.const_clock low
  %h = seq.compreg %i, %high powerOn %c3 : i8
  %l = seq.firreg %i clock %low preset 200 : i8
  %f = hw.constant false
  %never = seq.to_clock %f
  %t = seq.compreg.ce %i, %never, %ce powerOn %c9 : i8
  %k = seq.from_clock %high
  hw.output %a, %b, %h, %l, %t, %k : i8, i8, i8, i8, i8, i1
}
