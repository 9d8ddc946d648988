// RUN: --emit verilog
// Registers of `sv.alwaysff(negedge %clk)` / `sv.always negedge %clk` load on the falling
// edge: registers on the inverted clock (`seq.to_clock (~clk)`, `posedge` of `~clk` in our
// SystemVerilog). `lo` samples `hi`, a posedge register, half a cycle after it loads, so it
// sees the new value (tests/it/sv_structural.rs runs this beside CIRCT's export in Icarus).
hw.module @sv_negedge(in %clk : i1, in %rst : i1, in %a : i8, out hi : i8, out lo : i8, out m : i8) {
  %c0 = hw.constant 0 : i8
  %h = sv.reg : !hw.inout<i8>
  %l = sv.reg : !hw.inout<i8>
  %n = sv.reg : !hw.inout<i8>
  %hv = sv.read_inout %h : !hw.inout<i8>
  %lv = sv.read_inout %l : !hw.inout<i8>
  %nv = sv.read_inout %n : !hw.inout<i8>
  sv.alwaysff(posedge %clk) {
    sv.passign %h, %a : i8
  }
  sv.alwaysff(negedge %clk) {
    sv.passign %l, %hv : i8
  } (syncreset : posedge %rst) {
    sv.passign %l, %c0 : i8
  }
  %x = comb.xor %nv, %lv : i8
  sv.always negedge %clk {
    sv.passign %n, %x : i8
  }
  hw.output %hv, %lv, %nv : i8, i8, i8
}
