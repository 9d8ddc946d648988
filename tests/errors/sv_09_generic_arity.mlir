// expect: 'sv.assign' has the wrong number of operands or results (1 operands)
hw.module @m(in %a : i8, out y : i8) {
  %w = sv.wire : !hw.inout<i8>
  "sv.assign"(%w) : (!hw.inout<i8>) -> ()
  %y = sv.read_inout %w : !hw.inout<i8>
  hw.output %y : i8
}
