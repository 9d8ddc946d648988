// expect: all ports of a memory must share one clock
hw.module @m(in %clk : !seq.clock, in %clk2 : !seq.clock, in %a : i3, in %d : i8, in %mode : i1, out q : i8, out r : i8) {
  %mem = seq.firmem 1, 1, old, port_order : <8 x 8>
  %q = seq.firmem.read_write_port %mem[%a] = %d if %mode, clock %clk : <8 x 8>
  %r = seq.firmem.read_port %mem[%a], clock %clk2 : <8 x 8>
  hw.output %q, %r : i8, i8
}
