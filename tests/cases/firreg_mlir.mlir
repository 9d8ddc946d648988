// RUN: --emit mlir
// Registers of CIRCT's seq.firreg: sync and async reset, preset.
hw.module @firreg(in %clk : !seq.clock, in %rst : i1, in %arst : i1, in %d : i8, out a : i8, out s : i8, out p : i8, out q : i8) {
  %c0 = hw.constant 0 : i8
  %c5 = hw.constant 5 : i8
  %one = hw.constant 1 : i8
  %a = seq.firreg %an clock %clk reset async %arst, %c5 : i8
  %an = comb.add %a, %d : i8
  %s = seq.firreg %sn clock %clk sym @s reset sync %rst, %c0 : i8
  %sn = comb.xor %s, %d, %a : i8
  %p = seq.firreg %pn clock %clk preset 200 : i8
  %pn = comb.add %p, %one : i8
  %q = seq.firreg %a clock %clk reset async %arst, %c0 preset 3 : i8
  hw.output %a, %s, %p, %q : i8, i8, i8, i8
}
