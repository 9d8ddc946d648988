// RUN: --emit verilog
// CIRCT's generic form of seq.firreg: 2 operands, or 4 with a reset; isAsync; preset.
hw.module @g(in %clk : !seq.clock, in %r : i1, in %d : i4, out x : i4, out y : i4) {
  %c9 = "hw.constant"() {value = 9 : i4} : () -> i4
  %x = "seq.firreg"(%d, %clk, %r, %c9) {name = "x", isAsync} : (i4, !seq.clock, i1, i4) -> i4
  %y = "seq.firreg"(%x, %clk) {name = "y", preset = 6 : i4} : (i4, !seq.clock) -> i4
  hw.output %x, %y : i4, i4
}
