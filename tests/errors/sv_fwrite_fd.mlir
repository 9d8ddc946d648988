// sv.fwrite writes to the constant stdout or stderr descriptors only.
hw.module @t(in %clk : i1, in %fd : i32) {
  sv.always posedge %clk {
    sv.fwrite %fd, "hello\n"
  }
  hw.output
}
