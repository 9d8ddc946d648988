// expect: 'sv.fwrite' writes to a constant 0x80000001 (stdout) or 0x80000002 (stderr) only
// sv.fwrite writes to the constant stdout or stderr descriptors only.
hw.module @t(in %clk : i1, in %fd : i32) {
  sv.always posedge %clk {
    sv.fwrite %fd, "hello\n"
  }
  hw.output
}
