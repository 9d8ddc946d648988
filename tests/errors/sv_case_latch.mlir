// expect: is not assigned on every path
hw.module @latch(in %k : i2, in %a : i4, out y : i4) {
  %y_reg = sv.reg : !hw.inout<i4>
  %y = sv.read_inout %y_reg : !hw.inout<i4>
  sv.alwayscomb {
    sv.case %k : i2
    case b01: {
      sv.bpassign %y_reg, %a : i4
    }
  }
  hw.output %y : i4
}
