// RUN: --emit verilog
// The seed documents' spelling: `func` without a dialect prefix, `constant`, `return`.
module {
  func @f(%a: i8, %b: i8) -> i8 {
    %c = constant 3 : i8
    %s = comb.add %a, %b, %c : i8
    return %s : i8
  }
}
