// expect: depth must be at least 1
hw.module @m(in %clk : !seq.clock, in %a : i1, in %d : i8, out q : i8) {
  %mem = seq.firmem 1, 1, old, port_order : <0 x 8>
  %q = seq.firmem.read_port %mem[%a], clock %clk : <0 x 8>
  seq.firmem.write_port %mem[%a] = %d, clock %clk : <0 x 8>
  hw.output %q : i8
}
