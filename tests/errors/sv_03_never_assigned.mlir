// expect: is never assigned
hw.module @m(out y : i8) {
  %w = sv.wire : !hw.inout<i8>
  %y = sv.read_inout %w : !hw.inout<i8>
  hw.output %y : i8
}
