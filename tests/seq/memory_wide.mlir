// Memories whose ports' addresses are not CIRCT's clog2(depth) bits (generic form): a
// 10-word memory read and written through 6-bit inputs (out of range above 9), and a
// 16-word one through a 2-bit address. tests/it/seq_more.rs checks that --emit mlir
// --dialect circt (narrow addresses and range checks) keeps the meaning.
hw.module @memory_wide(in %clk : !seq.clock, in %ra : i6, in %ren : i1, in %wa : i6, in %we : i1, in %wd : i8, in %na : i2, out q : i8, out n : i8) {
  %mem = seq.firmem 1, 1, old, port_order : <10 x 8>
  %q = "seq.firmem.read_port"(%mem, %ra, %clk, %ren) : (!seq.firmem<10 x 8>, i6, !seq.clock, i1) -> i8
  "seq.firmem.write_port"(%mem, %wa, %clk, %we, %wd) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0>}> : (!seq.firmem<10 x 8>, i6, !seq.clock, i1, i8) -> ()
  %small = seq.firmem 1, 1, old, port_order : <16 x 8>
  %n = "seq.firmem.read_port"(%small, %na, %clk, %ren) : (!seq.firmem<16 x 8>, i2, !seq.clock, i1) -> i8
  "seq.firmem.write_port"(%small, %na, %clk, %we, %wd) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0>}> : (!seq.firmem<16 x 8>, i2, !seq.clock, i1, i8) -> ()
  hw.output %q, %n : i8, i8
}
