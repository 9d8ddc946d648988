// RUN: --emit verilog -O0
// A truth table of no inputs in SystemVerilog: its constant.
hw.module @tt(in %a : i1, out y : i1, out z : i1) {
  %t = comb.truth_table -> [true]
  %f = comb.truth_table -> [false]
  %y = comb.and %a, %t : i1
  hw.output %y, %f : i1, i1
}
