// The ops CIRCT 1.62 lacks (inv, nand, nor, xnor, reverse) next to the ones it has;
// tests/it/circt_interop.rs has CIRCT verify `--emit mlir --dialect circt` of this file and
// proves CIRCT's SystemVerilog of it equal to ours.
hw.module @spellings(in %a : i8, in %b : i8, in %c : i1, in %s : i3, out y : i8, out z : i8, out p : i1, out w : i12) {
  %inv = comb.inv %a : i8
  %nand = comb.nand %a, %b : i8
  %nor = comb.nor bin %a, %b, %inv : i8
  %xnor = comb.xnor %nand, %nor : i8
  %rev = comb.reverse %xnor : i8
  %sz = comb.concat %s, %s, %c, %c : i3, i3, i1, i1
  %shl = comb.shl %rev, %sz : i8
  %shrs = comb.shrs %shl, %b : i8
  %y = comb.mux %c, %shrs, %inv : i8
  %lt = comb.icmp ult %a, %b : i8
  %sub = comb.sub %a, %b : i8
  %z = comb.mux %lt, %sub, %rev : i8
  %par = comb.parity %y : i8
  %p = comb.xor %par, %lt : i1
  %lo = comb.extract %z from 4 : (i8) -> i4
  %rep = comb.replicate %lo : (i4) -> i8
  %w = comb.concat %lo, %rep : i4, i8
  hw.output %y, %z, %p, %w : i8, i8, i1, i12
}
