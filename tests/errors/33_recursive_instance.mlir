// expect: recursive instantiation: @a -> @b -> @a
hw.module @a(in %x : i1, out y : i1) {
  %y = hw.instance "u" @b(x: %x : i1) -> (y: i1)
  hw.output %y : i1
}
hw.module @b(in %x : i1, out y : i1) {
  %y = hw.instance "u" @a(x: %x : i1) -> (y: i1)
  hw.output %y : i1
}
