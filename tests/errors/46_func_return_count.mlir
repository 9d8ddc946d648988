// expect: 'func.return' has 1 operands but '@f' has 2 outputs
func.func @f(%a: i8) -> (i8, i8) {
  return %a : i8
}
