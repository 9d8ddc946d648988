// expect: 'comb.lut' has 2 operands but 1 coefficients
func.func @f(%a: i8, %b: i8) -> i8 {
  %x = comb.lut %a, %b {coefficients = array<i8: 1>, lookupTable = array<i8: 0, 1>} : (i8, i8) -> i8
  return %x : i8
}
