// RUN: --emit verilog
// Check messages with format arguments, as CIRCT writes them: the message and its
// substitutions (operands after the condition) are kept, and the SystemVerilog prints
// `$error("fmt", args...)` as CIRCT's export-verilog does.
hw.module @t(in %clk : i1, in %rst : i1, in %a : i8, in %b : i8, in %en : i1) {
  %c = comb.icmp ult %a, %b : i8
  %e = comb.icmp ne %a, %b : i8
  %s = comb.add %a, %b : i8
  sv.always posedge %clk {
    sv.if %en {
      sv.assert %c, immediate label "a_lt_b" message "a=%d b=%0d sum=%h"(%a, %b, %s) : i8, i8, i8
    }
  }
  sv.alwaysff(posedge %clk) {
    sv.assume %e, immediate message "a equals b: %b (100%%)"(%a) : i8
  } (syncreset : posedge %rst) {
  }
  sv.assert.concurrent posedge %clk, %e label "ne" message "\"%x\" == %o"(%a, %b) : i8, i8
  sv.alwayscomb {
    sv.assert %c, immediate message "comb %c"(%a) : i8
  }
  hw.output
}
