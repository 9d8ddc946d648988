// expect: unknown type 'int8'
hw.module @m(in %a : int8, out y : i8) {
  hw.output %a : i8
}
