// RUN: --emit mlir --lut 3 --lut-goal area
// examples/counter.mlir mapped for the fewest LUT3s: 25 truth tables (depth 9) where the
// depth goal (the default) gives 30 (depth 5); the registers stay as they are.
// An 8-bit up/down counter with synchronous reset, enable and a terminal-count flag.
hw.module @updown(in %clk : !seq.clock, in %rst : i1, in %en : i1, in %down : i1,
                  out count : i8, out tc : i1) {
  %zero = hw.constant 0 : i8
  %one = hw.constant 1 : i8
  %max = hw.constant 255 : i8
  // Graph region: %count is used before the register that defines it.
  %inc = comb.add %count, %one : i8
  %dec = comb.sub %count, %one : i8
  %step = comb.mux %down, %dec, %inc : i8
  %count = seq.compreg.ce %step, %clk, %en reset %rst, %zero : i8
  %at_top = comb.icmp eq %count, %max : i8
  %at_bottom = comb.icmp eq %count, %zero : i8
  %limit = comb.mux %down, %at_bottom, %at_top : i1
  %tc = comb.and %limit, %en : i1
  hw.output %count, %tc : i8, i1
}
