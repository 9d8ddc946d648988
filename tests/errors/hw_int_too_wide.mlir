// expect: width 99999999999 is more than
// A literal !hw.int width beyond the limit: a located error at the type.
hw.module @t(in %a : !hw.int<99999999999>) {
  hw.output
}
