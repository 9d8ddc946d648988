// expect: a latch is not supported
hw.module @m(in %en : i1, in %a : i8, out y : i8) {
  %w = sv.reg : !hw.inout<i8>
  sv.alwayscomb {
    sv.if %en {
      sv.bpassign %w, %a : i8
    }
  }
  %y = sv.read_inout %w : !hw.inout<i8>
  hw.output %y : i8
}
