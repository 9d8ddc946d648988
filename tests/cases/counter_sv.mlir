// RUN: --emit verilog
hw.module @counter(in %clk : !seq.clock, in %rst : i1, in %en : i1, out count : i8, out wrap : i1) {
  %c0 = hw.constant 0 : i8
  %c1 = hw.constant 1 : i8
  %cmax = hw.constant -1 : i8
  %next = comb.add %count, %c1 : i8
  %d = comb.mux %en, %next, %count : i8
  %count = seq.compreg %d, %clk reset %rst, %c0 : i8
  %at_max = comb.icmp eq %count, %cmax : i8
  %wrap = comb.and %at_max, %en : i1
  hw.output %count, %wrap : i8, i1
}
