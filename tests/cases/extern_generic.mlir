// RUN: --emit mlir --generic
// The generic form of a black box (attributes: CIRCT 1.62's hw.module.extern has no
// properties) and of an instance of one; parameters as #hw.param.decl.
hw.module.extern @Adder<WIDTH: i32 = 8, NAME: none = "add">(in %a : i8, in %b : i8, out sum : i8) attributes {verilogName = "adder_model"}

hw.module @top(in %a : i8, in %b : i8, out y : i8) {
  %s = hw.instance "u0" @Adder<WIDTH: i32 = 4, NAME: none = "add">(a: %a : i8, b: %b : i8) -> (sum : i8)
  hw.output %s : i8
}
