// expect: f80
func.func @wide(%a: f80, %b: f80) -> f80 {
  %s = arith.addf %a, %b : f80
  return %s : f80
}
