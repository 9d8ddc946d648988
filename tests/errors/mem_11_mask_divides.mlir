// expect: the mask of 3 bits does not divide the word width 8
hw.module @m(in %clk : !seq.clock, in %a : i3, in %d : i8, in %k : i3, out q : i8) {
  %mem = seq.firmem 1, 1, old, port_order : <8 x 8, mask 3>
  %q = seq.firmem.read_port %mem[%a], clock %clk : <8 x 8, mask 3>
  seq.firmem.write_port %mem[%a] = %d, clock %clk mask %k : <8 x 8, mask 3>, i3
  hw.output %q : i8
}
