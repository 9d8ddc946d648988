// expect: must end with 'secret.yield'
func.func @f(%a: !secret.secret<i8>) -> !secret.secret<i8> {
  %0 = secret.generic(%a: !secret.secret<i8>) {
  ^body(%x: i8):
    %y = comb.add %x, %x : i8
  } -> !secret.secret<i8>
  return %0 : !secret.secret<i8>
}
