// expect: on 'edge' is not supported
hw.module @m(in %clk : i1, in %a : i8, out y : i8) {
  %r = sv.reg : !hw.inout<i8>
  sv.always edge %clk {
    sv.passign %r, %a : i8
  }
  %y = sv.read_inout %r : !hw.inout<i8>
  hw.output %y : i8
}
