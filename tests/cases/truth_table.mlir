// RUN: --emit verilog -O0
func.func @tables(%a: i1, %b: i1, %c: i1) -> (i1, i1, i1) {
  %x = comb.truth_table %a, %b -> 6 : ui4
  %maj = comb.truth_table %a, %b, %c -> [false, false, false, true, false, true, true, true]
  %one = comb.truth_table %c -> 2 : i2
  return %x, %maj, %one : i1, i1, i1
}
