// expect: argument #0 of the 'secret.generic' body must be 'i8'
func.func @f(%a: !secret.secret<i8>) -> !secret.secret<i8> {
  %0 = secret.generic(%a: !secret.secret<i8>) {
  ^body(%x: i4):
    %y = comb.concat %x, %x : i4, i4
    secret.yield %y : i8
  } -> !secret.secret<i8>
  return %0 : !secret.secret<i8>
}
