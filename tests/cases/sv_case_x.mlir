// sv.case patterns on two-state values: `z` is a wildcard under casez and casex, `x` under
// casex only; an `x` item of a plain case (or of casez) matches no two-state value, so it
// never applies (as in Icarus and Verilator; Yosys reads it as a wildcard, which is why this
// case is not in the CIRCT comparison of tests/it/sv_structural.rs). A default applies only
// when no item matches, wherever it stands (`b00` after it still applies).
hw.module @sv_case_x(in %k : i2, in %a : i4, in %b : i4, in %c : i4, out y : i4, out z : i4, out w : i4) {
  %y_reg = sv.reg : !hw.inout<i4>
  %y = sv.read_inout %y_reg : !hw.inout<i4>
  %z_reg = sv.reg : !hw.inout<i4>
  %z = sv.read_inout %z_reg : !hw.inout<i4>
  %w_reg = sv.reg : !hw.inout<i4>
  %w = sv.read_inout %w_reg : !hw.inout<i4>
  sv.alwayscomb {
    sv.bpassign %y_reg, %c : i4
    sv.case %k : i2
    case b1x: {
      sv.bpassign %y_reg, %a : i4
    }
    case b01: {
      sv.bpassign %y_reg, %b : i4
    }
    sv.case casex %k : i2
    case b1x: {
      sv.bpassign %z_reg, %a : i4
    }
    default: {
      sv.bpassign %z_reg, %b : i4
    }
    case b00: {
      sv.bpassign %z_reg, %c : i4
    }
    sv.case casez %k : i2
    case bzz: {
      sv.bpassign %w_reg, %a : i4
    }
  }
  hw.output %y, %z, %w : i4, i4, i4
}
