// expect: belongs inside a procedural block
hw.module @m(in %a : i8, out y : i8) {
  %r = sv.reg : !hw.inout<i8>
  sv.passign %r, %a : i8
  %y = sv.read_inout %r : !hw.inout<i8>
  hw.output %y : i8
}
