// Aggregate ports across an instance, an enabled register of a struct, and a union port.
hw.module @swap(in %p: !hw.struct<x: i4, y: i4>, out q: !hw.array<2xi4>) {
  %x, %y = hw.struct_explode %p : !hw.struct<x: i4, y: i4>
  %q = hw.array_create %x, %y : i4
  hw.output %q : !hw.array<2xi4>
}
hw.module @top(in %clk: !seq.clock, in %en: i1, in %p: !hw.struct<x: i4, y: i4>,
               out q: !hw.array<2xi4>, out u: !hw.union<w: i8, n: i2 offset 1>) {
  %r = seq.compreg.ce %p, %clk, %en : !hw.struct<x: i4, y: i4>
  %q = hw.instance "s" @swap(p: %r: !hw.struct<x: i4, y: i4>) -> (q: !hw.array<2xi4>)
  %u = hw.bitcast %q : (!hw.array<2xi4>) -> !hw.union<w: i8, n: i2 offset 1>
  hw.output %q, %u : !hw.array<2xi4>, !hw.union<w: i8, n: i2 offset 1>
}
