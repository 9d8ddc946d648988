// expect: 'sv.if' inside 'sv.initial' is not supported
hw.module @bad(in %clk : i1, in %d : i8, in %e : i1, out q : i8) {
  %r = sv.reg : !hw.inout<i8>
  %q = sv.read_inout %r : !hw.inout<i8>
  sv.alwaysff(posedge %clk) {
    sv.passign %r, %d : i8
  }
  %w = sv.reg : !hw.inout<i8>
  sv.initial {
    sv.bpassign %r, %d : i8
    sv.if %e {
      sv.bpassign %w, %d : i8
    }
  }
  hw.output %q : i8
}
