// CIRCT's structural sv ops: a wire assigned once is a value; an alwaysff with an sv.if is a register
// that holds where it is not assigned, with a synchronous reset (%h, which the reset block does
// not assign, holds during reset); an alwayscomb on every path is
// a mux; sv.always posedge is a register too. Reads may come before the declaration (graph region).
hw.module @sv_basic(in %clk : i1, in %rst : i1, in %en : i1, in %a : i8, in %b : i8, out y : i8, out q : i8, out c : i8, out n : i8, out h : i8) {
  %y = sv.read_inout %w : !hw.inout<i8>
  %w = sv.wire : !hw.inout<i8>
  %sum = comb.add %a, %b : i8
  sv.assign %w, %sum : i8
  %r = sv.reg : !hw.inout<i8>
  %q = sv.read_inout %r : !hw.inout<i8>
  %c0 = hw.constant 0 : i8
  %hr = sv.reg : !hw.inout<i8>
  %h = sv.read_inout %hr : !hw.inout<i8>
  sv.alwaysff(posedge %clk) {
    sv.if %en {
      %x = comb.xor %q, %a : i8
      sv.passign %r, %x : i8
    }
    sv.passign %hr, %b : i8
  }(syncreset : posedge %rst) {
    sv.passign %r, %c0 : i8
  }
  %cw = sv.reg : !hw.inout<i8>
  sv.alwayscomb {
    sv.if %en {
      sv.bpassign %cw, %a : i8
    } else {
      sv.bpassign %cw, %b : i8
    }
  }
  %c = sv.read_inout %cw : !hw.inout<i8>
  %nr = sv.reg : !hw.inout<i8>
  sv.always posedge %clk {
    sv.passign %nr, %sum : i8
  }
  %n = sv.read_inout %nr : !hw.inout<i8>
  hw.output %y, %q, %c, %n, %h : i8, i8, i8, i8, i8
}
