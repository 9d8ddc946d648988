// expect: use of undefined value '%later'
func.func @f(%a: i8) -> i8 {
  %x = comb.add %a, %later : i8
  %later = comb.inv %a : i8
  return %x : i8
}
