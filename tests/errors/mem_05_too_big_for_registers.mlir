// expect: is built from registers, and that is limited to 4096 words
hw.module @m(in %clk : !seq.clock, in %a : i13, in %d : i8, out q : i8) {
  %mem = seq.firmem 2, 1, old, port_order : <8192 x 8>
  %q = seq.firmem.read_port %mem[%a], clock %clk : <8192 x 8>
  seq.firmem.write_port %mem[%a] = %d, clock %clk : <8192 x 8>
  hw.output %q : i8
}
