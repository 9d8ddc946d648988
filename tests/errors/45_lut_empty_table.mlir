// expect: 'comb.lut' lookup table is empty
func.func @f(%a: i8) -> i8 {
  %x = comb.lut %a {coefficients = array<i8: 1>, lookupTable = array<i8>} : (i8) -> i8
  return %x : i8
}
