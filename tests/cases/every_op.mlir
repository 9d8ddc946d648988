// RUN: --emit mlir -O0
hw.module @every(in %a : i8, in %b : i8, in %c : i1, out y : i8, out f : i1, out w : i16) {
  %add = comb.add %a, %b : i8
  %mul = comb.mul %a, %b : i8
  %and = comb.and %a, %b : i8
  %or = comb.or bin %a, %b : i8
  %xor = comb.xor %a, %b : i8
  %nand = comb.nand %a, %b : i8
  %nor = comb.nor %a, %b : i8
  %xnor = comb.xnor %a, %b : i8
  %sub = comb.sub %add, %mul : i8
  %divu = comb.divu %sub, %and : i8
  %divs = comb.divs %divu, %or : i8
  %modu = comb.modu %divs, %xor : i8
  %mods = comb.mods %modu, %nand : i8
  %shl = comb.shl %mods, %nor : i8
  %shru = comb.shru %shl, %xnor : i8
  %shrs = comb.shrs %shru, %a : i8
  %inv = comb.inv %shrs : i8
  %rev = comb.reverse %inv : i8
  %par = comb.parity %rev : i8
  %lt = comb.icmp sge %rev, %a : i8
  %f = comb.truth_table %par, %lt, %c -> 150 : ui8
  %y = comb.mux %c, %rev, %b : i8
  %lo = comb.extract %y from 2 : (i8) -> i4
  %rep = comb.replicate %lo : (i4) -> i8
  %w = comb.concat %rep, %y : i8, i8
  hw.output %y, %f, %w : i8, i1, i16
}
