// expect: both must be bit vectors of one width
func.func @f(%a: !secret.secret<i8>) -> !secret.secret<i8> {
  %0 = secret.cast %a : !secret.secret<i8> to !secret.secret<tensor<8xi1>>
  %1 = secret.cast %0 : !secret.secret<tensor<8xi1>> to !secret.secret<i8>
  return %1 : !secret.secret<i8>
}
