// expect: must be a !seq.clock
hw.module @m(in %clk : !seq.clock, in %a : i3, in %c : i1, out q : i8) {
  %mem = seq.firmem 1, 1, old, port_order : <8 x 8>
  %q = "seq.firmem.read_port"(%mem, %a, %c, %c) : (!seq.firmem<8 x 8>, i3, i1, i1) -> i8
  seq.firmem.write_port %mem[%a] = %q, clock %clk : <8 x 8>
  hw.output %q : i8
}
