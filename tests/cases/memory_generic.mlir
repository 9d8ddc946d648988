// RUN: --emit mlir --generic
hw.module @scratchpad(in %clk : !seq.clock, in %rst : i1, in %waddr : i4, in %we : i1, in %wdata : i8, in %ren : i1, out q : i8, out acc : i8) {
  %c0 = hw.constant 0 : i8
  %c1 = hw.constant 1 : i3
  %z3 = hw.constant 0 : i3
  %next = comb.add %ptr, %c1 : i3
  %ptr = seq.compreg %next, %clk reset %rst, %z3 : i3
  %raddr = comb.concat %z3, %ptr : i3, i3
  // A 10-word memory read through a 6-bit address (out of range above 9, generic form).
  %mem = seq.firmem 1, 1, old, port_order : <10 x 8>
  %q = "seq.firmem.read_port"(%mem, %raddr, %clk, %ren) : (!seq.firmem<10 x 8>, i6, !seq.clock, i1) -> i8
  seq.firmem.write_port %mem[%waddr] = %wdata, clock %clk enable %we : <10 x 8>
  // An accumulator in a 16-word memory that reads and writes one word each cycle.
  %hist = seq.firmem 1, 1, old, port_order : <16 x 8>
  %old = seq.firmem.read_port %hist[%waddr], clock %clk : <16 x 8>
  %sum = comb.add %old, %wdata : i8
  seq.firmem.write_port %hist[%waddr] = %sum, clock %clk enable %we : <16 x 8>
  // Nobody reads this one: -O1 removes it.
  %dead = seq.firmem 1, 1, undefined, undefined : <4 x 8>
  %unused = seq.firmem.read_port %dead[%c1_2], clock %clk : <4 x 8>
  %c1_2 = hw.constant 1 : i2
  seq.firmem.write_port %dead[%c1_2] = %wdata, clock %clk : <4 x 8>
  hw.output %q, %old : i8, i8
}
