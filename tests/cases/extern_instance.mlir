// RUN: --emit verilog
// Black boxes: an extern module instantiated by its verilogName with parameter overrides
// (a value equal to the default is left out, as CIRCT does), and one without parameters.
hw.module.extern @Adder<WIDTH: i32 = 8, NAME: none = "add", BIG: i40 = 1>(in %a : i8, in %b : i8, out sum : i8) attributes {verilogName = "adder_model"}
hw.module.extern @Plain(in %x : i8, out y : i8)

hw.module @top(in %a : i8, in %b : i8, out y : i8, out z : i8) {
  %s = hw.instance "u0" @Adder<WIDTH: i32 = 4, NAME: none = "add", BIG: i40 = -3>(a: %a : i8, b: %b : i8) -> (sum : i8)
  %t = comb.xor %s, %a : i8
  %p = hw.instance "u1" @Plain(x: %t : i8) -> (y : i8)
  hw.output %t, %p : i8, i8
}
