// expect: an initial value of a storage that no clocked block
hw.module @bad(in %a : i8, out q : i8, out y : i8) {
  %r = sv.reg : !hw.inout<i8>
  %q = sv.read_inout %r : !hw.inout<i8>
  %w = sv.wire : !hw.inout<i8>
  %y = sv.read_inout %w : !hw.inout<i8>
  sv.assign %w, %a : i8
  %c = hw.constant 3 : i8
  sv.initial {
    sv.bpassign %r, %c : i8
    sv.bpassign %w, %c : i8
  }
  hw.output %q, %y : i8, i8
}
