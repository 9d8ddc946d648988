// RUN: --emit verilog -O0
// hw.wire names a value (sym kept for the inner-symbol checks); -O0 keeps each wire.
hw.module @wires(in %a : i8, in %b : i8, out y : i8) {
  %w = hw.wire %s sym @keep : i8
  %s = comb.add %a, %b : i8
  %v = hw.wire %w : i8
  %y = comb.xor %v, %a : i8
  hw.output %y : i8
}
