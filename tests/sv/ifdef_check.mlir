// A counter whose clocked check exists only under `--define CHECKS` (tests/it/sv_structural.rs):
// `not_three` (cnt != 3) fails in cycle 3 (and every 16 cycles after), so `rmlir-hls cosim`
// passes without the define and reports the failure with it.
hw.module @ifdef_check(in %clk : !seq.clock, out cnt : i4) {
  %c1 = hw.constant 1 : i4
  %n = comb.add %cnt, %c1 : i4
  %cnt = seq.compreg %n, %clk : i4
  sv.ifdef "CHECKS" {
    %c3 = hw.constant 3 : i4
    %ok = comb.icmp ne %cnt, %c3 : i4
    %c = seq.from_clock %clk
    %p = ltl.clock %ok, posedge %c : i1
    verif.assert %p label "not_three" : !ltl.sequence
  }
  hw.output %cnt : i4
}
