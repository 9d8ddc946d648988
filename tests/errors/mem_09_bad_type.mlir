// expect: is not a memory type
hw.module @m(in %clk : !seq.clock, in %a : i3, in %d : i8, out q : i8) {
  %mem = seq.firmem 1, 1, old, port_order : <8 by 8>
  hw.output %d : i8
}
