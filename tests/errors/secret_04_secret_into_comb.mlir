// expect: expects different type than prior uses
func.func @f(%a: !secret.secret<i8>, %b: i8) -> i8 {
  %0 = comb.add %a, %b : i8
  return %0 : i8
}
