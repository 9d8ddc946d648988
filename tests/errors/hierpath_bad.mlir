// expect: 'hw.hierpath' expects a list of symbol references
hw.hierpath @P ["not a symbol"]
hw.module @m(in %a : i4, out y : i4) {
  hw.output %a : i4
}
