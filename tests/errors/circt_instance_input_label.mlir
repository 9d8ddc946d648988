// CIRCT rejects an instance whose argument labels are not the module's input names.
hw.module @c(in %x : i4, out y : i4) {
  hw.output %x : i4
}
hw.module @t(in %a : i4, out y : i4) {
  %y = hw.instance "u" @c(z: %a : i4) -> (y: i4)
  hw.output %y : i4
}
