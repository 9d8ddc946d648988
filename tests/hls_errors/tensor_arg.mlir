// expect: tensor
func.func @t(%a: tensor<8xi32>, %i: index) -> i32 {
  %x = tensor.extract %a[%i] : tensor<8xi32>
  return %x : i32
}
