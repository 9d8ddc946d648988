// expect: use of value '%a' expects different type than prior uses
hw.module @m(in %clk : !seq.clock, in %a : i5, out q : i8) {
  %mem = seq.firmem 1, 1, old, port_order : <8 x 8>
  %q = seq.firmem.read_port %mem[%a], clock %clk : <8 x 8>
  seq.firmem.write_port %mem[%a] = %q, clock %clk : <8 x 8>
  hw.output %q : i8
}
