// expect: expects different type
hw.module @m(in %a: i8, in %b: i2, out y: !hw.struct<a: i8, b: i1>) {
  %y = hw.struct_create (%a, %b) : !hw.struct<a: i8, b: i1>
  hw.output %y : !hw.struct<a: i8, b: i1>
}
