// RUN: --emit mlir -O0
// A truth table of no inputs has one entry and is that constant (CIRCT verifies this
// input); custom and generic form. The netlist holds a constant, printed as hw.constant.
hw.module @tt(in %a : i1, out y : i1, out z : i1, out w : i1) {
  %t = comb.truth_table -> [true]
  %f = comb.truth_table -> [false]
  %g = "comb.truth_table"() <{lookupTable = [true]}> : () -> i1
  %y = comb.and %a, %t : i1
  hw.output %y, %f, %g : i1, i1, i1
}
