// RUN: --emit mlir -O0
// Duplicate names print uniquified; the constant yields its name to the register.
hw.module @dup(in %clk : !seq.clock, in %d : i8, out y : i8, out z : i8) {
  %k = hw.constant 3 : i8
  %sum = comb.add %d, %k : i8
  %q = seq.compreg %sum, %clk {name = "k"} : i8
  %y = comb.xor %q, %sum : i8
  %z = seq.compreg %y, %clk {name = "y"} : i8
  hw.output %y, %z : i8, i8
}
