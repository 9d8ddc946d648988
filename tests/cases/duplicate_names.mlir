// RUN: --emit verilog -O0
// Two values named k (a constant and a register's name attribute) and two named y: the
// MLIR printer renames one of each, and the SV after a round trip is the same.
hw.module @dup(in %clk : !seq.clock, in %d : i8, out y : i8, out z : i8) {
  %k = hw.constant 3 : i8
  %sum = comb.add %d, %k : i8
  %q = seq.compreg %sum, %clk {name = "k"} : i8
  %y = comb.xor %q, %sum : i8
  %z = seq.compreg %y, %clk {name = "y"} : i8
  hw.output %y, %z : i8, i8
}
