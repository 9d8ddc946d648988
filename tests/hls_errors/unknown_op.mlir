// expect: unknown
func.func @u(%a: i32, %b: i32) -> i32 {
  %x = arith.frobnicate %a, %b : i32
  return %x : i32
}
