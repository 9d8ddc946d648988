// RUN: --emit mlir
// --emit mlir keeps the black boxes and gives every instance all its parameters (CIRCT's
// verifier wants them all, and so do we).
hw.module.extern @Adder<WIDTH: i32 = 8, NAME: none = "add">(in %a : i8, in %b : i8, out sum : i8) attributes {verilogName = "adder_model"}
hw.module.extern @Ram<DEPTH: i32, INIT: none = "zeros">(in %clk : !seq.clock, in %addr : i4, out data : i8)

hw.module @top(in %clk : !seq.clock, in %a : i8, in %b : i8, out y : i8, out z : i8) {
  %s = hw.instance "u0" @Adder<WIDTH: i32 = 4, NAME: none = "add">(a: %a : i8, b: %b : i8) -> (sum : i8)
  %lo = comb.extract %a from 0 : (i8) -> i4
  %d = hw.instance "mem" @Ram<DEPTH: i32 = 16, INIT: none = "zeros">(clk: %clk : !seq.clock, addr: %lo : i4) -> (data : i8)
  hw.output %s, %d : i8, i8
}
