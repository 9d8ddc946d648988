// RUN: --emit mlir --generic
// A 3-bit table prints as an i8 dense array (MLIR has none of i3); reading it back truncates.
hw.module @l(in %a : i3, in %b : i3, out y : i3) {
  %y = comb.lut %a, %b {coefficients = array<i8: 1, 2>, lookupTable = array<i3: 0, 3, 1, 2, -1, 2, 0, 1, 3>} : (i3, i3) -> i3
  hw.output %y : i3
}
