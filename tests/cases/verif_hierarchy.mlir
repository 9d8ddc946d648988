// RUN: --emit verilog --flatten
// Checks in a child instantiated twice: flattening prefixes the labels (u0_nz, u1_nz), and a
// label that meets a net of the same name is made unique in SystemVerilog (u0_nz_0).
// Dead-code keeps instances that hold checks though they drive nothing.
hw.module @child(in %clk : !seq.clock, in %a : i4) {
  %c0 = hw.constant 0 : i4
  %nz = comb.icmp ne %a, %c0 : i4
  %c = seq.from_clock %clk
  %p = ltl.clock %nz, posedge %c : i1
  verif.assert %p label "nz" : !ltl.sequence
  hw.output
}
hw.module @top(in %clk : !seq.clock, in %a : i4, out y : i4) {
  hw.instance "u0" @child(clk: %clk : !seq.clock, a: %a : i4) -> ()
  hw.instance "u1" @child(clk: %clk : !seq.clock, a: %a : i4) -> ()
  hw.output %a : i4
}
