// sv.initial with constant assignments gives sv.reg registers their power-on values, as
// CIRCT's SeqToSV writes them; the registers are driven by an sv.alwaysff (one with a
// synchronous reset) and an sv.always. Constants may stand inside the initial block.
// Checked against CIRCT's export by tests/it/sv_structural.rs (Icarus from cycle 0).
hw.module @sv_initial(in %clk : i1, in %rst : i1, in %d : i8, in %en : i1, out a : i8, out b : i8, out c : i4) {
  %c0 = hw.constant 0 : i8
  %c5 = hw.constant 5 : i8
  %ra = sv.reg : !hw.inout<i8>
  %a = sv.read_inout %ra : !hw.inout<i8>
  %rb = sv.reg : !hw.inout<i8>
  %b = sv.read_inout %rb : !hw.inout<i8>
  %rc = sv.reg : !hw.inout<i4>
  %c = sv.read_inout %rc : !hw.inout<i4>
  %sum = comb.add %a, %d : i8
  sv.alwaysff(posedge %clk) {
    sv.if %en {
      sv.passign %ra, %sum : i8
    }
  }(syncreset : posedge %rst) {
    sv.passign %ra, %c0 : i8
  }
  %c1 = hw.constant 1 : i4
  %inc = comb.add %c, %c1 : i4
  sv.always posedge %clk {
    sv.passign %rb, %a : i8
    sv.passign %rc, %inc : i4
  }
  sv.initial {
    sv.bpassign %ra, %c5 : i8
    %k = hw.constant -87 : i8
    sv.bpassign %rb, %k : i8
    %k9 = hw.constant 9 : i4
    sv.bpassign %rc, %k9 : i4
  }
  hw.output %a, %b, %c : i8, i8, i4
}
