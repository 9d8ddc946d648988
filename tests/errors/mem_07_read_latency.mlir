// expect: read latency must be 0 to 64
hw.module @m(in %clk : !seq.clock, in %a : i3, in %d : i8, out q : i8) {
  %mem = seq.firmem 65, 1, old, port_order : <8 x 8>
  %q = seq.firmem.read_port %mem[%a], clock %clk : <8 x 8>
  seq.firmem.write_port %mem[%a] = %d, clock %clk : <8 x 8>
  hw.output %q : i8
}
