// RUN: --emit verilog -O0
// Storage with an inner symbol: a register or wire whose result is named (`%foo`) keeps
// that name, as CIRCT 1.62's export does (its custom syntax reads `%foo` as `name "foo"`);
// an unnamed one (`%0`), which CIRCT's export calls `_GEN`, is named after its symbol.
hw.module @sym_names(in %clk : !seq.clock, in %c : i1, in %rst : i1, in %d : i8, out q : i8, out p : i8, out s : i8, out w : i8) {
  %c0 = hw.constant 0 : i8
  %foo = seq.compreg sym @bar %d, %clk : i8
  %0 = seq.compreg sym @creg %d, %clk : i8
  %1 = seq.firreg %foo clock %clk sym @freg reset async %rst, %c0 : i8
  %2 = sv.reg sym @sreg : !hw.inout<i8>
  sv.alwaysff(posedge %c) {
    sv.passign %2, %0 : i8
  }
  %3 = sv.read_inout %2 : !hw.inout<i8>
  %4 = sv.wire sym @swire : !hw.inout<i8>
  sv.assign %4, %d : i8
  %5 = sv.read_inout %4 : !hw.inout<i8>
  %6 = hw.wire %5 sym @hwire : i8
  %7 = comb.xor %6, %foo : i8
  hw.output %1, %3, %0, %7 : i8, i8, i8, i8
}
