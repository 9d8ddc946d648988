// RUN: --emit verilog -O0
// The generic form of the aggregate ops (fieldIndex, field and fields properties).
"hw.module"() <{module_type = !hw.modty<input s : !hw.struct<a: i3, b: i5>, input x : i5, input i : i1, output y : i3, output z : !hw.struct<a: i3, b: i5>, output e : !hw.enum<Idle, Busy>, output k : !hw.struct<a: i3, b: !hw.array<2xi2>>, output g : i5>, sym_name = "generic_agg"}> ({
^bb0(%s: !hw.struct<a: i3, b: i5>, %x: i5, %i: i1):
  %0 = "hw.struct_extract"(%s) <{fieldIndex = 0 : i32}> : (!hw.struct<a: i3, b: i5>) -> i3
  %1 = "hw.struct_inject"(%s, %x) <{fieldIndex = 1 : i32}> : (!hw.struct<a: i3, b: i5>, i5) -> !hw.struct<a: i3, b: i5>
  %2 = "hw.enum.constant"() <{field = #hw.enum.field<Busy, !hw.enum<Idle, Busy>>}> : () -> !hw.enum<Idle, Busy>
  %3 = "hw.aggregate_constant"() <{fields = [5 : i3, [1 : i2, -1 : i2]]}> : () -> !hw.struct<a: i3, b: !hw.array<2xi2>>
  %4 = "hw.array_create"(%x, %x) : (i5, i5) -> !hw.array<2xi5>
  %5 = "hw.array_get"(%4, %i) : (!hw.array<2xi5>, i1) -> i5
  "hw.output"(%0, %1, %2, %3, %5) : (i3, !hw.struct<a: i3, b: i5>, !hw.enum<Idle, Busy>, !hw.struct<a: i3, b: !hw.array<2xi2>>, i5) -> ()
}) : () -> ()
