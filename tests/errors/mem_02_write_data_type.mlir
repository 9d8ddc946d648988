// expect: must be i8
hw.module @m(in %clk : !seq.clock, in %a : i3, in %d : i4, out q : i8) {
  %mem = seq.firmem 1, 1, old, port_order : <8 x 8>
  %q = seq.firmem.read_port %mem[%a], clock %clk : <8 x 8>
  "seq.firmem.write_port"(%mem, %a, %clk, %d) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 0>}> : (!seq.firmem<8 x 8>, i3, !seq.clock, i4) -> ()
  hw.output %q : i8
}
