// expect: 'arith.addi' is HLS input, which is not supported yet
func.func @f(%a: i32) -> i32 {
  %x = addi %a, %a : i32
  return %x : i32
}
