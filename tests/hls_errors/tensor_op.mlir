// expect: tensors are not supported
func.func @f(%t: tensor<4xi32>, %i: index) -> i32 {
  %v = tensor.extract %t[%i] : tensor<4xi32>
  return %v : i32
}
