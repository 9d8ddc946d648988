hw.type_scope @pkg {
  hw.typedecl @pair : !hw.struct<hi: i4, lo: i4>
}
hw.module @agg(in %a: i4, in %b: i4, in %c: i4, in %sel: i2, in %arr: !hw.array<3xi4>, in %v: i4,
               in %s: !hw.typealias<@pkg::@pair, !hw.struct<hi: i4, lo: i4>>,
               out get: i4, out arr2: !hw.array<3xi4>, out inj: !hw.array<3xi4>, out sl: !hw.array<2xi4>,
               out cat: !hw.array<6xi4>, out st: !hw.struct<x: i4, y: !hw.array<2xi4>>, out hi: i4,
               out sinj: !hw.struct<hi: i4, lo: i4>, out u: !hw.union<p: i2, q: i8>, out ux: i2,
               out e: !hw.enum<A, B, C>, out k: !hw.array<2xi4>, out bc: i12, out lo2: i4) {
  %0 = hw.array_create %a, %b, %c : i4
  %g = hw.array_get %0[%sel] : !hw.array<3xi4>, i2
  %i = hw.array_inject %arr[%sel], %v : !hw.array<3xi4>, i2
  %sl = hw.array_slice %arr[%sel] : (!hw.array<3xi4>) -> !hw.array<2xi4>
  %cat = hw.array_concat %0, %arr : !hw.array<3xi4>, !hw.array<3 x i4>
  %st = hw.struct_create (%a, %sl) : !hw.struct<x: i4, y: !hw.array<2xi4>>
  %hi = hw.struct_extract %s["hi"] : !hw.typealias<@pkg::@pair, !hw.struct<hi: i4, lo: i4>>
  %sinj = hw.struct_inject %s["lo"], %v : !hw.typealias<@pkg::@pair, !hw.struct<hi: i4, lo: i4>>
  %sb = hw.bitcast %sinj : (!hw.typealias<@pkg::@pair, !hw.struct<hi: i4, lo: i4>>) -> !hw.struct<hi: i4, lo: i4>
  %p = comb.extract %a from 0 : (i4) -> i2
  %u = hw.union_create "p", %p : !hw.union<p: i2, q: i8>
  %ux = hw.union_extract %u["p"] : !hw.union<p: i2, q: i8>
  %e = hw.enum.constant C : !hw.enum<A, B, C>
  %k = hw.aggregate_constant [1 : i4, -2 : i4] : !hw.array<2xi4>
  %bc = hw.bitcast %0 : (!hw.array<3xi4>) -> i12
  %x1, %x2 = hw.struct_explode %s : !hw.typealias<@pkg::@pair, !hw.struct<hi: i4, lo: i4>>
  hw.output %g, %0, %i, %sl, %cat, %st, %hi, %sb, %u, %ux, %e, %k, %bc, %x2 : i4, !hw.array<3xi4>, !hw.array<3xi4>, !hw.array<2xi4>, !hw.array<6xi4>, !hw.struct<x: i4, y: !hw.array<2xi4>>, i4, !hw.struct<hi: i4, lo: i4>, !hw.union<p: i2, q: i8>, i2, !hw.enum<A, B, C>, !hw.array<2xi4>, i12, i4
}
