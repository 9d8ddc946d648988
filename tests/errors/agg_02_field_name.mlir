// expect: has no field 'c'
hw.module @m(in %s: !hw.struct<a: i8, b: i1>, out y: i8) {
  %y = hw.struct_extract %s["c"] : !hw.struct<a: i8, b: i1>
  hw.output %y : i8
}
