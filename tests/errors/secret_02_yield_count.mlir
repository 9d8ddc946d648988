// expect: 'secret.yield' has 2 operands but its 'secret.generic' has 1 result(s)
func.func @f(%a: !secret.secret<i8>) -> !secret.secret<i8> {
  %0 = secret.generic(%a: !secret.secret<i8>) {
  ^body(%x: i8):
    secret.yield %x, %x : i8, i8
  } -> !secret.secret<i8>
  return %0 : !secret.secret<i8>
}
