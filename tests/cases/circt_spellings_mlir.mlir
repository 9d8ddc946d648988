// RUN: --emit mlir --dialect circt -O0
// CIRCT's spellings (what `circt-opt` parses): NOT as xor with -1, nand/nor/xnor through
// a helper value, reverse as a concatenation of single bits, truth tables as arrays, a
// comb.lut as its index arithmetic and a mux chain.
hw.module @spell(in %a : i4, in %b : i4, in %x : i1, in %y : i1, out n : i4, out r : i4, out t : i1, out l : i4) {
  %n = comb.nand %a, %b : i4
  %r = comb.reverse %n : i4
  %t = comb.truth_table %x, %y -> 6 : ui4
  %l = comb.lut %a, %b {coefficients = array<i8: 1, 3>, lookupTable = array<i8: 1, 2, 3>} : (i4, i4) -> i4
  hw.output %n, %r, %t, %l : i4, i4, i1, i4
}
