// RUN: --emit verilog
// Immediate sv.assert/assume/cover in procedural blocks become the same checks as verif.*:
// enabled by the enclosing sv.if branches (else: negated), clocked by the always block's
// clock; in sv.alwayscomb unclocked. A message is kept and printed by $error.
hw.module @t(in %clk : i1, in %a : i8, in %b : i8, in %en : i1, in %k : i1) {
  %c = comb.icmp ult %a, %b : i8
  %e = comb.icmp eq %a, %b : i8
  sv.always posedge %clk {
    sv.if %en {
      sv.if %k {
        sv.assert %c, immediate label "a_lt_b" message "bad"
      } else {
        sv.assume %e, final
      }
      sv.cover %c, immediate label "cov"
    }
  }
  sv.alwayscomb {
    sv.assert %c, immediate label "comb_a"
  }
  hw.output
}
