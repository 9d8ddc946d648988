// An 8-bit ALU with a registered result: arithmetic, division guards and signed compares.
hw.module @alu8(in %clk : !seq.clock, in %a : i8, in %b : i8, in %op : i3,
                out y : i8, out flag : i1) {
  %sum = comb.add %a, %b : i8
  %diff = comb.sub %a, %b : i8
  %prod = comb.mul %a, %b : i8
  %quot = comb.divs %a, %b : i8
  %rem = comb.modu %a, %b : i8
  %sra = comb.shrs %a, %b : i8
  %both = comb.and %a, %b : i8
  %either = comb.xor %a, %b : i8
  %o0 = comb.extract %op from 0 : (i3) -> i1
  %o1 = comb.extract %op from 1 : (i3) -> i1
  %o2 = comb.extract %op from 2 : (i3) -> i1
  %m0 = comb.mux %o0, %diff, %sum : i8
  %m1 = comb.mux %o0, %quot, %prod : i8
  %m2 = comb.mux %o0, %sra, %rem : i8
  %m3 = comb.mux %o0, %either, %both : i8
  %n0 = comb.mux %o1, %m1, %m0 : i8
  %n1 = comb.mux %o1, %m3, %m2 : i8
  %r = comb.mux %o2, %n1, %n0 : i8
  %y = seq.compreg %r, %clk : i8
  %flag = comb.icmp slt %a, %b : i8
  hw.output %y, %flag : i8, i1
}
