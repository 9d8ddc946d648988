// expect: has 2 results but the module has 1 outputs
hw.module @child(in %a : i4, out y : i4) {
  hw.output %a : i4
}
hw.module @m(in %a : i4, out y : i4) {
  %y, %z = hw.instance "u0" @child(a: %a : i4) -> (y: i4, z: i4)
  hw.output %y : i4
}
