// Zero-width aggregates (tests/it/zero_width.rs): `!hw.array<0xT>`, `!hw.struct<>` and a struct
// of `i0` fields are erased as `i0` is (ports, instance ports, `hw.array_concat` operands,
// ops whose results all are zero-width); `hw.array_get` of a one-element array (index `i0`)
// is its element.
hw.module @zwa_child(in %e : !hw.array<0xi8>, in %a : i8, out y : i8, out z : !hw.struct<>) {
  %s = hw.struct_create () : !hw.struct<>
  hw.output %a, %s : i8, !hw.struct<>
}

hw.module @zwa_top(in %clk : !seq.clock, in %a : !hw.array<2xi8>, in %e : !hw.array<0xi8>, in %k : !hw.struct<x: i0>, in %d : i8, in %f : !hw.array<0xi4>, out y : !hw.array<2xi8>, out g : i8, out r : !hw.array<1xi8>, out n : !hw.array<0xi4>) {
  %c = hw.array_concat %e, %a, %e : !hw.array<0xi8>, !hw.array<2xi8>, !hw.array<0xi8>
  %i0 = hw.constant 0 : i0
  %one = hw.array_create %d : i8
  %reg = seq.compreg %one, %clk : !hw.array<1xi8>
  %g = hw.array_get %reg[%i0] : !hw.array<1xi8>, i0
  %x = comb.add %g, %d : i8
  %r = hw.array_create %x : i8
  %u:2 = hw.instance "u" @zwa_child(e: %e : !hw.array<0xi8>, a: %g : i8) -> (y: i8, z: !hw.struct<>)
  hw.output %c, %u#0, %r, %f : !hw.array<2xi8>, i8, !hw.array<1xi8>, !hw.array<0xi4>
}
