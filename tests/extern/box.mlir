// A design around a black box: two instances of one extern module, told apart by a
// parameter, and a register. tests/extern/model.sv is the black box's Verilog model;
// tests/extern/reference.mlir is the same design with ordinary modules in its place.
hw.module.extern @AddSub<SUB: i1 = false, TAG: none = "add/sub">(in %a : i8, in %b : i8, out y : i8) attributes {verilogName = "addsub_model"}

hw.module @top_box(in %clk : !seq.clock, in %a : i8, in %b : i8, in %c : i8, out s : i8, out d : i8, out r : i8) {
  %s = hw.instance "plus" @AddSub<SUB: i1 = false, TAG: none = "add/sub">(a: %a : i8, b: %b : i8) -> (y : i8)
  %d = hw.instance "minus" @AddSub<SUB: i1 = true, TAG: none = "add/sub">(a: %s : i8, b: %c : i8) -> (y : i8)
  %x = comb.xor %s, %d : i8
  %r = seq.compreg %x, %clk : i8
  hw.output %s, %d, %r : i8, i8, i8
}
