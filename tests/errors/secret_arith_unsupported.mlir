// expect: 'arith.floordivsi' is not supported in a secret.generic body
func.func @f(%a: !secret.secret<i8>) -> !secret.secret<i8> {
  %0 = secret.generic ins(%a : !secret.secret<i8>) {
  ^bb0(%x: i8):
    %1 = arith.floordivsi %x, %x : i8
    secret.yield %1 : i8
  } -> !secret.secret<i8>
  return %0 : !secret.secret<i8>
}
