// RUN: --emit mlir
// A check with a message prints in the sv dialect (verif.assert has no message): clocked as
// sv.assert.concurrent, unclocked as an immediate sv.assert in its own sv.alwayscomb.
hw.module @t(in %clk : i1, in %a : i8, in %b : i4) {
  %c = comb.icmp ult %a, %a : i8
  sv.always posedge %clk {
    sv.assert %c, immediate label "l" message "a=%0d b=%b"(%a, %b) : i8, i4
  }
  sv.alwayscomb {
    sv.cover %c, immediate message "seen %x"(%b) : i4
  }
  hw.output
}
