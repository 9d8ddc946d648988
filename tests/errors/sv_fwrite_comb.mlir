// expect: 'sv.fwrite' outside a clocked block is not supported
// sv.fwrite runs at a clock edge: in sv.alwayscomb it is not supported.
hw.module @t(in %a : i8) {
  %fd = hw.constant 0x80000002 : i32
  sv.alwayscomb {
    sv.fwrite %fd, "a=%d\n"(%a) : i8
  }
  hw.output
}
