// RUN: --emit sv
// Constant clocks into an instance's clock port and into a shift register: the child's
// registers on the constant clock never load (they hold their power-on values, as Verilator
// and Icarus run `always_ff @(posedge k)` on a constant `k`); the same child on the real
// clock counts. tests/it/seq_more.rs co-simulates this file and compares CIRCT's export.
hw.module @ccchild(in %clk : !seq.clock, in %d : i8, out q : i8, out n : i8) {
  %c5 = hw.constant 5 : i8
  %c1 = hw.constant 1 : i8
  %r = seq.compreg %d, %clk powerOn %c5 : i8
  %cnt = seq.compreg %nx, %clk powerOn %c1 : i8
  %nx = comb.add %cnt, %c1 : i8
  hw.output %r, %cnt : i8, i8
}
hw.module @const_clock_instance(in %clk : !seq.clock, in %d : i8, out a : i8, out an : i8, out b : i8, out bn : i8, out s : i8) {
  %low = seq.const_clock low
  %f = hw.constant false
  %never = seq.to_clock %f
  %a, %an = hw.instance "u0" @ccchild(clk: %low : !seq.clock, d: %d : i8) -> (q: i8, n: i8)
  %b, %bn = hw.instance "u1" @ccchild(clk: %clk : !seq.clock, d: %d : i8) -> (q: i8, n: i8)
  %t = hw.constant true
  %c7 = hw.constant 7 : i8
  %s = seq.shiftreg [2] %d, %never, %t powerOn %c7 : i8
  hw.output %a, %an, %b, %bn, %s : i8, i8, i8, i8, i8
}
