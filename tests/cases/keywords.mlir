// RUN: --emit verilog
// User names that are SystemVerilog keywords or clash are renamed; temporaries start with _.
hw.module @logic(in %reg : i4, in %wire : i4, in %always : i1, out module : i4, out begin : i4) {
  %input = comb.xor %reg, %wire : i4
  %output = comb.and %reg, %wire : i4
  %_0 = comb.mux %always, %input, %output : i4
  %x = comb.add %_0, %reg : i4
  hw.output %x, %input : i4, i4
}
