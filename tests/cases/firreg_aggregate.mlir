// seq.firreg and seq.compreg of aggregate types (issue 10 item 1): an array, a struct
// and nested aggregates held in registers, with aggregate constants as reset values and
// an integer preset. `arst` is not named like a reset, so cosim drives it at random: the
// asynchronous reset rises and falls mid-run between clock edges.
hw.module @firreg_aggregate(in %clk : !seq.clock, in %rst : i1, in %arst : i1, in %d : i8, in %sel : i2, in %k : i3,
                            out arr : !hw.array<4xi8>, out st : !hw.struct<n: i4, v: !hw.array<2xi3>>,
                            out nest : !hw.array<2x!hw.struct<a: i4, b: i3>>, out pre : !hw.struct<x: i6, y: i2>,
                            out cr : !hw.array<3xi5>, out got : i8) {
  // An array register with an asynchronous reset to an aggregate constant: it shifts `d` in
  // at element 0 (hw.array_inject is not in CIRCT 1.62, which the tests compare against).
  %arr0 = hw.aggregate_constant [1 : i8, 2 : i8, 3 : i8, 4 : i8] : !hw.array<4xi8>
  %c0_i2a = hw.constant 0 : i2
  %arr_lo = hw.array_slice %arr[%c0_i2a] : (!hw.array<4xi8>) -> !hw.array<3xi8>
  %arr_d = hw.array_create %d : i8
  %arr_n = hw.array_concat %arr_lo, %arr_d : !hw.array<3xi8>, !hw.array<1xi8>
  %arr = seq.firreg %arr_n clock %clk reset async %arst, %arr0 : !hw.array<4xi8>
  %got = hw.array_get %arr[%sel] : !hw.array<4xi8>, i2

  // A struct holding an array, reset synchronously to a nested aggregate constant.
  %st0 = hw.aggregate_constant [5 : i4, [6 : i3, 1 : i3]] : !hw.struct<n: i4, v: !hw.array<2xi3>>
  %n = hw.struct_extract %st["n"] : !hw.struct<n: i4, v: !hw.array<2xi3>>
  %v = hw.struct_extract %st["v"] : !hw.struct<n: i4, v: !hw.array<2xi3>>
  %one4 = hw.constant 1 : i4
  %n1 = comb.add %n, %one4 : i4
  %v0 = hw.array_get %v[%false] : !hw.array<2xi3>, i1
  %v1 = comb.xor %v0, %k : i3
  %vn = hw.array_create %v1, %v0 : i3
  %st_n = hw.struct_create (%n1, %vn) : !hw.struct<n: i4, v: !hw.array<2xi3>>
  %st = seq.firreg %st_n clock %clk reset sync %rst, %st0 : !hw.struct<n: i4, v: !hw.array<2xi3>>
  %false = hw.constant false

  // An array of structs, asynchronously reset, with a power-on preset.
  %nest0 = hw.aggregate_constant [[3 : i4, 2 : i3], [9 : i4, 7 : i3]] : !hw.array<2x!hw.struct<a: i4, b: i3>>
  %lo = comb.extract %d from 0 : (i8) -> i4
  %e = hw.struct_create (%lo, %k) : !hw.struct<a: i4, b: i3>
  %e1 = hw.array_get %nest[%false] : !hw.array<2x!hw.struct<a: i4, b: i3>>, i1
  %nest_n = hw.array_create %e1, %e : !hw.struct<a: i4, b: i3>
  %nest = seq.firreg %nest_n clock %clk reset async %arst, %nest0 preset 1234 : !hw.array<2x!hw.struct<a: i4, b: i3>>

  // A struct register with only a preset (no reset): it counts in x.
  %px = hw.struct_extract %pre["x"] : !hw.struct<x: i6, y: i2>
  %one6 = hw.constant 1 : i6
  %px1 = comb.add %px, %one6 : i6
  %py = comb.extract %d from 6 : (i8) -> i2
  %pre_n = hw.struct_create (%px1, %py) : !hw.struct<x: i6, y: i2>
  %pre = seq.firreg %pre_n clock %clk preset 171 : !hw.struct<x: i6, y: i2>

  // seq.compreg of an array, reset to an aggregate constant: a shift of three 5-bit values.
  %cr0 = hw.aggregate_constant [17 : i5, 0 : i5, 31 : i5] : !hw.array<3xi5>
  %d5 = comb.extract %d from 0 : (i8) -> i5
  %c0_i2 = hw.constant 0 : i2
  %cr_hi = hw.array_slice %cr[%c0_i2] : (!hw.array<3xi5>) -> !hw.array<2xi5>
  %cr_d = hw.array_create %d5 : i5
  %cr_n = hw.array_concat %cr_hi, %cr_d : !hw.array<2xi5>, !hw.array<1xi5>
  %cr = seq.compreg %cr_n, %clk reset %rst, %cr0 : !hw.array<3xi5>

  hw.output %arr, %st, %nest, %pre, %cr, %got : !hw.array<4xi8>, !hw.struct<n: i4, v: !hw.array<2xi3>>, !hw.array<2x!hw.struct<a: i4, b: i3>>, !hw.struct<x: i6, y: i2>, !hw.array<3xi5>, i8
}
