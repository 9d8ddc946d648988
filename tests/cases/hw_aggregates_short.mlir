// CIRCT's short spelling of nested hw types, an array_create with an alias result, hw.enum.cmp.
hw.module @short(in %e: !hw.array<2xenum<A, B, C>>, in %s: !hw.array<2xstruct<a: i1, b: i2>>, in %i: i1, out y: !hw.enum<A, B, C>, out z: !hw.struct<a: i1, b: i2>, out w: !hw.array<2x!hw.typealias<@p::@t, i3>>, out isb: i1) {
  %y = hw.array_get %e[%i] : !hw.array<2xenum<A, B, C>>, i1
  %z = hw.array_get %s[%i] : !hw.array<2xstruct<a: i1, b: i2>>, i1
  %b = hw.struct_extract %z["b"] : !hw.struct<a: i1, b: i2>
  %a = hw.struct_extract %z["a"] : !hw.struct<a: i1, b: i2>
  %c = comb.concat %a, %b : i1, i2
  %w = hw.array_create %c, %c : i3 -> !hw.array<2x!hw.typealias<@p::@t, i3>>
  %eb = hw.enum.constant B : !hw.enum<A, B, C>
  %isb = hw.enum.cmp %y, %eb : !hw.enum<A, B, C>, !hw.enum<A, B, C>
  hw.output %y, %z, %w, %isb : !hw.enum<A, B, C>, !hw.struct<a: i1, b: i2>, !hw.array<2x!hw.typealias<@p::@t, i3>>, i1
}
