// Immediate assertions inside `sv.case` items and an asynchronous reset block, for
// tests/it/verif_checks.rs. In the main block (enabled while `arst` is 0) a `casez` on `k`
// checks `k0` (a != 0) when k is 00, `k1x` (a < 12) when k is 1?, and `kdef` (a != 15)
// otherwise (k = 01; the default stands first and still applies only when no item does);
// the reset block checks `in_reset` (a != 3) at the clock edges while `arst` is 1.
hw.module @case_checks(in %clk : i1, in %arst : i1, in %k : i2, in %a : i4, out cnt : i4) {
  %c0 = hw.constant 0 : i4
  %c1 = hw.constant 1 : i4
  %c3 = hw.constant 3 : i4
  %c12 = hw.constant 12 : i4
  %c15 = hw.constant -1 : i4
  %r = sv.reg : !hw.inout<i4>
  %cnt = sv.read_inout %r : !hw.inout<i4>
  %n = comb.add %cnt, %c1 : i4
  %nz = comb.icmp ne %a, %c0 : i4
  %lt = comb.icmp ult %a, %c12 : i4
  %nf = comb.icmp ne %a, %c15 : i4
  %n3 = comb.icmp ne %a, %c3 : i4
  sv.alwaysff(posedge %clk) {
    sv.passign %r, %n : i4
    sv.case casez %k : i2
    default: {
      sv.assert %nf, immediate label "kdef"
    }
    case b00: {
      sv.assert %nz, immediate label "k0"
    }
    case b1z: {
      sv.assert %lt, immediate label "k1x"
    }
  } (asyncreset : posedge %arst) {
    sv.passign %r, %c0 : i4
    sv.assert %n3, immediate label "in_reset"
  }
  hw.output %cnt : i4
}
