// expect: multiple drivers are not supported
hw.module @m(in %a : i8, in %b : i8, out y : i8) {
  %w = sv.wire : !hw.inout<i8>
  sv.assign %w, %a : i8
  sv.assign %w, %b : i8
  %y = sv.read_inout %w : !hw.inout<i8>
  hw.output %y : i8
}
