// An asynchronous reset pulse between clock edges: the register keeps its reset value
// after the reset falls, until the next edge.
hw.module @pulse(in %clk : !seq.clock, in %arst : i1, in %d : i8, out a : i8) {
  %c5 = hw.constant 5 : i8
  %a = seq.firreg %an clock %clk reset async %arst, %c5 preset 2 : i8
  %an = comb.add %a, %d : i8
  hw.output %a : i8
}
