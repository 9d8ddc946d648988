// expect: must keep the width
hw.module @m(in %a: !hw.array<3xi4>, out y: i16) {
  %y = hw.bitcast %a : (!hw.array<3xi4>) -> i16
  hw.output %y : i16
}
