// expect: must be an integer, got 'f32'
func.func @f(%a: i8) -> i8 {
  %f = arith.constant 1.5 : f32
  %x = "comb.inv"(%f) : (f32) -> i8
  return %x : i8
}
