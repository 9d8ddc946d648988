// RUN: --emit mlir
// Presets at the edges of the width: 0, and all ones.
hw.module @e(in %clk : !seq.clock, in %d : i1, in %w : i70, out x : i1, out y : i70) {
  %x = seq.firreg %d clock %clk preset 0 : i1
  %y = seq.firreg %w clock %clk preset 1180591620717411303423 : i70
  hw.output %x, %y : i1, i70
}
