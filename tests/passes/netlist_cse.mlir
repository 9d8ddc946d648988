// RUN: --passes cse,dead-code --emit mlir
// Netlist passes by name: cse merges the two equal adds, dead-code drops the unused xor;
// no constant folding runs (the add of zero stays).
hw.module @m(in %a : i8, in %b : i8, out y : i8, out z : i8) {
  %c0 = hw.constant 0 : i8
  %s1 = comb.add %a, %b : i8
  %s2 = comb.add %a, %b : i8
  %dead = comb.xor %a, %b : i8
  %t = comb.add %s2, %c0 : i8
  hw.output %s1, %t : i8, i8
}
