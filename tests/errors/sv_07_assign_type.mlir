// expect: expects different type than prior uses
hw.module @m(in %a : i4, out y : i8) {
  %w = sv.wire : !hw.inout<i8>
  sv.assign %w, %a : i4
  %y = sv.read_inout %w : !hw.inout<i8>
  hw.output %y : i8
}
