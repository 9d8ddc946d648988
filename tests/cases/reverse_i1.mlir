// RUN: --emit verilog -O0
// A one-bit reversal: its CIRCT spelling (a concat of one helper extract) reads back as a reversal.
hw.module @r(in %a : i1, out y : i1) {
  %y = comb.reverse %a : i1
  hw.output %y : i1
}
