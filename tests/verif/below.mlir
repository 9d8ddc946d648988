// A counter with clocked checks for tests/it/verif_checks.rs: `below` (cnt < lim) fails in
// the cycles where cnt has reached lim, `lim_nonzero` where lim is 0, and `steps` (the
// counter moves every cycle) never; the immediate `small_lim` (lim < 12) is the Rust
// simulator's alone.
hw.module @d(in %clk : !seq.clock, in %lim : i4, out cnt : i4) {
  %c0 = hw.constant 0 : i4
  %c1 = hw.constant 1 : i4
  %c12 = hw.constant 12 : i4
  %n = comb.add %cnt, %c1 : i4
  %cnt = seq.compreg %n, %clk : i4
  %ok = comb.icmp ult %cnt, %lim : i4
  %c = seq.from_clock %clk
  %p = ltl.clock %ok, posedge %c : i1
  verif.assert %p label "below" : !ltl.sequence
  %nz = comb.icmp ne %lim, %c0 : i4
  %q = ltl.clock %nz, posedge %c : i1
  verif.assert %q label "lim_nonzero" : !ltl.sequence
  %moves = comb.icmp ne %n, %cnt : i4
  %r = ltl.clock %moves, posedge %c : i1
  verif.assume %r label "steps" : !ltl.sequence
  %small = comb.icmp ult %lim, %c12 : i4
  verif.assert %small label "small_lim" : i1
  hw.output %cnt : i4
}
