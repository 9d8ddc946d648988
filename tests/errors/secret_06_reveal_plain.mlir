// expect: converts a secret type to its plain type
func.func @f(%a: i8) -> i8 {
  %0 = secret.reveal %a : i8 -> i8
  return %0 : i8
}
