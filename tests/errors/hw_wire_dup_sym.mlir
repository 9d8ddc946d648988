// expect: inner symbol '@s' is defined twice in this module
hw.module @m(in %a : i8, out y : i8) {
  %w = hw.wire %a sym @s : i8
  %v = hw.wire %w sym @s : i8
  hw.output %v : i8
}
