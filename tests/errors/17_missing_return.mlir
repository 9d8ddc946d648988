// expect: missing 'func.return'
func.func @f(%a: i8) -> i8 {
  %x = comb.inv %a : i8
}
