// RUN: --emit mlir -O2
// LUT rules on a HEIR-style truth-table network: constant and duplicate inputs folded, an
// unused input dropped, a LUT merged into its user, a mux and a gate absorbed into LUTs.
func.func @lut_rules(%a: i1, %b: i1, %c: i1, %s: i1) -> (i1, i1, i1) {
  %false = arith.constant false
  %t0 = comb.truth_table %false, %a, %b -> 6 : ui8
  %t1 = comb.truth_table %t0, %c, %c -> 150 : ui8
  %t2 = comb.truth_table %a, %b, %c -> 170 : ui8
  %m = comb.mux %s, %t1, %t2 : i1
  %g = comb.and %a, %b : i1
  %t3 = comb.truth_table %g, %c -> 6 : ui4
  return %m, %t3, %t1 : i1, i1, i1
}
