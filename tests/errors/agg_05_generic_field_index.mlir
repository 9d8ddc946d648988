// expect: field index 2 is out of range
"hw.module"() <{module_type = !hw.modty<input s : !hw.struct<a: i3, b: i5>, output y : i3>, sym_name = "m"}> ({
^bb0(%s: !hw.struct<a: i3, b: i5>):
  %0 = "hw.struct_extract"(%s) <{fieldIndex = 2 : i32}> : (!hw.struct<a: i3, b: i5>) -> i3
  "hw.output"(%0) : (i3) -> ()
}) : () -> ()
