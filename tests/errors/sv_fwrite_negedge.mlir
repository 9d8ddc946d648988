// expect: 'sv.fwrite' in a 'negedge' block is not supported
// sv.fwrite runs at rising clock edges only: in a negedge block it is a located error.
hw.module @t(in %clk : i1, in %a : i8) {
  %fd = hw.constant 0x80000002 : i32
  sv.always negedge %clk {
    sv.fwrite %fd, "a=%d\n"(%a) : i8
  }
  hw.output
}
