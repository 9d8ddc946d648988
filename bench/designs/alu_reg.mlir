// The 16-bit ALU of examples/alu.mlir with registered inputs: a, b and op are sampled
// by seq.compreg on the rising edge of clk; the result is combinational from the registers.
hw.module @alu_reg(in %clk : !seq.clock, in %a_in : i16, in %b_in : i16, in %op_in : i4,
                   out y : i16, out zero : i1) {
  %a = seq.compreg %a_in, %clk : i16
  %b = seq.compreg %b_in, %clk : i16
  %op = seq.compreg %op_in, %clk : i4
  %c0_i16 = hw.constant 0 : i16
  %c0_i15 = hw.constant 0 : i15
  %add = comb.add %a, %b : i16
  %sub = comb.sub %a, %b : i16
  %mul = comb.mul %a, %b : i16
  %and = comb.and %a, %b : i16
  %or = comb.or %a, %b : i16
  %xor = comb.xor %a, %b : i16
  %shl = comb.shl %a, %b : i16
  %shru = comb.shru %a, %b : i16
  %shrs = comb.shrs %a, %b : i16
  %slt = comb.icmp slt %a, %b : i16
  %ult = comb.icmp ult %a, %b : i16
  %eq = comb.icmp eq %a, %b : i16
  %slt16 = comb.concat %c0_i15, %slt : i15, i1
  %ult16 = comb.concat %c0_i15, %ult : i15, i1
  %eq16 = comb.concat %c0_i15, %eq : i15, i1
  %lo = comb.extract %a from 0 : (i16) -> i8
  %hi = comb.extract %a from 8 : (i16) -> i8
  %swap = comb.concat %lo, %hi : i8, i8
  %par = comb.parity %a : i16
  %par16 = comb.concat %c0_i15, %par : i15, i1
  %nib = comb.extract %b from 0 : (i16) -> i4
  %rep = comb.replicate %nib : (i4) -> i16
  %s0 = comb.extract %op from 0 : (i4) -> i1
  %s1 = comb.extract %op from 1 : (i4) -> i1
  %s2 = comb.extract %op from 2 : (i4) -> i1
  %s3 = comb.extract %op from 3 : (i4) -> i1
  %m0 = comb.mux %s0, %sub, %add : i16
  %m1 = comb.mux %s0, %and, %mul : i16
  %m2 = comb.mux %s0, %xor, %or : i16
  %m3 = comb.mux %s0, %shru, %shl : i16
  %m4 = comb.mux %s0, %slt16, %shrs : i16
  %m5 = comb.mux %s0, %eq16, %ult16 : i16
  %m6 = comb.mux %s0, %par16, %swap : i16
  %m7 = comb.mux %s0, %a, %rep : i16
  %n0 = comb.mux %s1, %m1, %m0 : i16
  %n1 = comb.mux %s1, %m3, %m2 : i16
  %n2 = comb.mux %s1, %m5, %m4 : i16
  %n3 = comb.mux %s1, %m7, %m6 : i16
  %p0 = comb.mux %s2, %n1, %n0 : i16
  %p1 = comb.mux %s2, %n3, %n2 : i16
  %y = comb.mux %s3, %p1, %p0 : i16
  %zero = comb.icmp eq %y, %c0_i16 : i16
  hw.output %y, %zero : i16, i1
}
