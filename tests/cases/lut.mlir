// RUN: --emit verilog
func.func @lut(%a: i8, %b: i8) -> i8 {
  %lut = comb.lut %a, %b {coefficients = array<i8: 1, 2>, lookupTable = array<i8: 0, 3, 1, 2, 7, 7, 0, 5, 4, 4, 9, 1, 0, 0, 6, 2>} : (i8, i8) -> i8
  return %lut : i8
}
