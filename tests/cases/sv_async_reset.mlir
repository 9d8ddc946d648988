// sv.alwaysff with an asynchronous, active-low reset block: the register it resets is an
// async-reset register (reset value 5); an sv.if without else holds it.
hw.module @sv_async(in %clk : i1, in %arst_n : i1, in %en : i1, in %a : i8, out q : i8) {
  %c5 = hw.constant 5 : i8
  %r = sv.reg : !hw.inout<i8>
  %q = sv.read_inout %r : !hw.inout<i8>
  sv.alwaysff(posedge %clk) {
    %s = comb.add %q, %a : i8
    sv.if %en {
      sv.passign %r, %s : i8
    }
  }(asyncreset : negedge %arst_n) {
    sv.passign %r, %c5 : i8
  }
  hw.output %q : i8
}
