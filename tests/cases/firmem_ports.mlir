// RUN: --emit verilog
// seq.firmem beyond one read and one write port of latency 1 (built from registers with
// CIRCT's simulation model, see docs/src/memories.md): a combinational read (latency 0), read and
// write latency 2 with a write mask and two read ports, a read-write port beside a read port
// (read-under-write new), and two masked write ports on one word (the first port in the text
// wins, as in CIRCT's lowering).
hw.module @firmem_ports(in %clk : !seq.clock, in %ra : i2, in %wa : i2, in %re : i1, in %we : i1, in %wd : i8, in %msk : i2, in %mode : i1, in %wa2 : i2, in %we2 : i1, in %wd2 : i8, in %msk2 : i2, out q0 : i8, out q1 : i8, out q2 : i8, out rw : i8, out r3 : i8, out q4 : i8) {
  %m0 = seq.firmem 0, 1, undefined, port_order : <4 x 8>
  %q0 = seq.firmem.read_port %m0[%ra], clock %clk enable %re : <4 x 8>
  seq.firmem.write_port %m0[%wa] = %wd, clock %clk enable %we : <4 x 8>
  %m1 = seq.firmem 2, 2, old, port_order : <4 x 8, mask 2>
  %q1 = seq.firmem.read_port %m1[%ra], clock %clk enable %re : <4 x 8, mask 2>
  %q2 = seq.firmem.read_port %m1[%wa], clock %clk : <4 x 8, mask 2>
  seq.firmem.write_port %m1[%wa] = %wd, clock %clk enable %we mask %msk : <4 x 8, mask 2>, i2
  %m2 = seq.firmem 1, 1, new, undefined : <4 x 8>
  %rw = seq.firmem.read_write_port %m2[%wa] = %wd if %mode, clock %clk enable %we : <4 x 8>
  %r3 = seq.firmem.read_port %m2[%ra], clock %clk : <4 x 8>
  %m3 = seq.firmem 1, 1, old, port_order : <4 x 8, mask 2>
  %q4 = seq.firmem.read_port %m3[%ra], clock %clk : <4 x 8, mask 2>
  seq.firmem.write_port %m3[%wa] = %wd, clock %clk enable %we mask %msk : <4 x 8, mask 2>, i2
  seq.firmem.write_port %m3[%wa2] = %wd2, clock %clk enable %we2 mask %msk2 : <4 x 8, mask 2>, i2
  hw.output %q0, %q1, %q2, %rw, %r3, %q4 : i8, i8, i8, i8, i8, i8
}
