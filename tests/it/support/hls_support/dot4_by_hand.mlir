// The SPEC section 4 circuit of tests/hls/dot4_i8.mlir, written by hand as a netlist: reads
// A[i] and B[i] together, data one cycle later, accumulates, and pulses done two cycles
// after the last data (7 cycles from start). It checks `rmlir-hls cosim --design` before
// the HLS compiler exists.
hw.module @dot4(in %clk : !seq.clock, in %rst : i1, in %start : i1,
                out A_addr : i2, out A_ce : i1, out A_we : i1, out A_wdata : i8, in %A_rdata : i8,
                out B_addr : i2, out B_ce : i1, out B_we : i1, out B_wdata : i8, in %B_rdata : i8,
                out done : i1, out ret0 : i8) {
  %f = hw.constant false
  %t = hw.constant true
  %c0_3 = hw.constant 0 : i3
  %c1_3 = hw.constant 1 : i3
  %c0_8 = hw.constant 0 : i8
  %nbusy = comb.xor %busy, %t : i1
  %go = comb.and %start, %nbusy : i1
  %i2 = comb.extract %i from 2 : (i3) -> i1
  %ni2 = comb.xor %i2, %t : i1
  %issue = comb.and %busy, %ni2 : i1
  %addr = comb.extract %i from 0 : (i3) -> i2
  %nvalid = comb.xor %valid, %t : i1
  %fin = comb.and %busy, %i2, %nvalid : i1
  %nfin = comb.xor %fin, %t : i1
  %stay = comb.and %busy, %nfin : i1
  %busy_n = comb.or %go, %stay : i1
  %iinc = comb.add %i, %c1_3 : i3
  %i_a = comb.mux %issue, %iinc, %i : i3
  %i_n = comb.mux %go, %c0_3, %i_a : i3
  %valid_n = comb.mux %go, %f, %issue : i1
  %prod = comb.mul %A_rdata, %B_rdata : i8
  %sum = comb.add %acc, %prod : i8
  %bv = comb.and %busy, %valid : i1
  %acc_a = comb.mux %bv, %sum, %acc : i8
  %acc_n = comb.mux %go, %c0_8, %acc_a : i8
  %busy = seq.compreg %busy_n, %clk reset %rst, %f : i1
  %i = seq.compreg %i_n, %clk reset %rst, %c0_3 : i3
  %valid = seq.compreg %valid_n, %clk reset %rst, %f : i1
  %acc = seq.compreg %acc_n, %clk reset %rst, %c0_8 : i8
  %done = seq.compreg %fin, %clk reset %rst, %f : i1
  hw.output %addr, %issue, %f, %c0_8, %addr, %issue, %f, %c0_8, %done, %acc : i2, i1, i1, i8, i2, i1, i1, i8, i1, i8
}
