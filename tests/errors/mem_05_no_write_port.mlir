// expect: supports one read and one write port
hw.module @m(in %clk : !seq.clock, in %a : i3, out q : i8) {
  %rom = seq.firmem 1, 1, old, port_order : <8 x 8>
  %q = seq.firmem.read_port %rom[%a], clock %clk : <8 x 8>
  hw.output %q : i8
}
