// RUN: --emit mlir --dialect circt -O1
// User values named like the MLIR printer's old helper values (`%_c3`) stay values of
// their own: -O1 turns the mux into NOT of `%_c3`, which `--emit mlir` spells as an xor
// with a helper constant (`%_c$0`), and reading that back must not fuse `%_c3` into a
// nand (the round trip of this case checks the SystemVerilog is unchanged). A user name in
// the printer's helper namespace (`%_c$7`) is printed legalized (`_c_7`).
hw.module @helpers(in %a : i4, in %b : i4, in %s : i1, in %p : i1, in %q : i1, out y : i1, out n : i4, out r : i4, out w : i4) {
  %_c3 = comb.and %p, %q : i1
  %f = hw.constant false
  %t = hw.constant true
  %y = comb.mux %_c3, %f, %t : i1
  %_c0 = comb.or %a, %b : i4
  %n = comb.inv %_c0 : i4
  %_c1 = comb.extract %a from 0 : (i4) -> i1
  %_c2 = comb.extract %a from 1 : (i4) -> i1
  %_c4 = comb.extract %a from 2 : (i4) -> i1
  %_c5 = comb.extract %a from 3 : (i4) -> i1
  %r = comb.concat %_c1, %_c2, %_c4, %_c5 : i1, i1, i1, i1
  %_c$7 = comb.xor %a, %b : i4
  %w = comb.nand %_c$7, %b : i4
  hw.output %y, %n, %r, %w : i1, i4, i4, i4
}
