// expect: reveal of a value that is not secret
func.func @f(%a: i8) -> i8 {
  %0 = secret.reveal %a : i8 -> i8
  return %0 : i8
}
