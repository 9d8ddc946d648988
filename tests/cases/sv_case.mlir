// sv.case in procedural blocks, as CIRCT's own tests write it: a casez with a wildcard item
// and a default in an sv.alwayscomb (nested sv.if inside an item), and a plain case without
// default in an sv.alwaysff (values no item names hold the register). Checked against
// CIRCT's export by tests/it/sv_structural.rs (ABC dsec, Icarus side by side, verilator -Wall).
hw.module @sv_case(in %sel : i2, in %a : i8, in %b : i8, in %c : i8, in %d : i8, in %clk : i1, in %en : i1, in %k : i3, out y : i8, out q : i8) {
  %y_reg = sv.reg : !hw.inout<i8>
  %y = sv.read_inout %y_reg : !hw.inout<i8>
  sv.alwayscomb {
    sv.case casez %sel : i2
    case b00: {
      sv.bpassign %y_reg, %a : i8
    }
    case b01: {
      sv.bpassign %y_reg, %b : i8
    }
    case b1z: {
      sv.if %en {
        sv.bpassign %y_reg, %c : i8
      } else {
        sv.bpassign %y_reg, %d : i8
      }
    }
    default: {
      sv.bpassign %y_reg, %d : i8
    }
  }
  %q_reg = sv.reg : !hw.inout<i8>
  %q = sv.read_inout %q_reg : !hw.inout<i8>
  sv.alwaysff(posedge %clk) {
    sv.case %k : i3
    case b000: {
      sv.passign %q_reg, %a : i8
    }
    case b101: {
      sv.passign %q_reg, %b : i8
    }
    case b110: {
      sv.passign %q_reg, %c : i8
    }
  }
  hw.output %y, %q : i8, i8
}
