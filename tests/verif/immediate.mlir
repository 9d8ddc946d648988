// Immediate assertions in procedural blocks (CIRCT's `sv.assert %p, immediate`) for
// tests/it/verif_checks.rs: a counter with a synchronous reset. In the main block (enabled
// while `rst` is 0) `below` (cnt < lim) is checked when `go` is 1 and `lim_nonzero` when it
// is 0; the reset block covers `rst_seen`; `small_lim` (lim < 12, when go) sits in an
// `sv.alwayscomb` and is unclocked (the Rust simulator's and the evaluator's alone).
hw.module @d(in %clk : i1, in %rst : i1, in %lim : i4, in %go : i1, out cnt : i4) {
  %c0 = hw.constant 0 : i4
  %c1 = hw.constant 1 : i4
  %c12 = hw.constant 12 : i4
  %true = hw.constant true
  %r = sv.reg : !hw.inout<i4>
  %cnt = sv.read_inout %r : !hw.inout<i4>
  %n = comb.add %cnt, %c1 : i4
  %ok = comb.icmp ult %cnt, %lim : i4
  %nz = comb.icmp ne %lim, %c0 : i4
  %small = comb.icmp ult %lim, %c12 : i4
  sv.alwaysff(posedge %clk) {
    sv.passign %r, %n : i4
    sv.if %go {
      sv.assert %ok, immediate label "below" message "cnt reached lim"
    } else {
      sv.assert %nz, observed label "lim_nonzero"
    }
  } (syncreset : posedge %rst) {
    sv.passign %r, %c0 : i4
    sv.cover %true, immediate label "rst_seen"
  }
  sv.alwayscomb {
    sv.if %go {
      sv.assert %small, immediate label "small_lim"
    }
  }
  hw.output %cnt : i4
}
