// Aggregate ops with CIRCT's meaning, proven equal (ABC cec) to cec_ref.sv. Indices that
// can run past the end are clamped first: those results are ours to define, not CIRCT's.
hw.module @agg_cec(in %a: i4, in %b: i4, in %c: i4, in %d: i4, in %sel: i2, in %v: i4,
    in %arr: !hw.array<4xi4>, in %s: !hw.struct<hi: i3, mid: !hw.array<2xi2>, lo: i1>, in %x: i8,
    out get4: i4, out get3: i4, out inj: !hw.array<4xi4>, out sl: !hw.array<2xi4>,
    out cat: !hw.array<6xi4>, out created: !hw.array<4xi4>, out mid1: i2,
    out sinj: !hw.struct<hi: i3, mid: !hw.array<2xi2>, lo: i1>, out scr: !hw.struct<hi: i3, mid: !hw.array<2xi2>, lo: i1>,
    out u: !hw.union<p: i2, q: i8, r: i3 offset 2>, out ur: i3, out bc: !hw.array<2xi4>,
    out k: !hw.struct<a: i3, b: !hw.array<2xi2>>, out en: !hw.enum<A, B, C, D, E>,
    out csum: i8, out psum: i8, out qsum: i8) {
  %created = hw.array_create %a, %b, %c, %d : i4
  %get4 = hw.array_get %arr[%sel] : !hw.array<4xi4>, i2
  %three = hw.array_create %a, %b, %c : i4
  %c3 = hw.constant 3 : i2
  %c0 = hw.constant 0 : i2
  %in3 = comb.icmp ult %sel, %c3 : i2
  %sel3 = comb.mux %in3, %sel, %c0 : i2
  %get3 = hw.array_get %three[%sel3] : !hw.array<3xi4>, i2
  %inj = hw.array_inject %arr[%sel], %v : !hw.array<4xi4>, i2
  %sl = hw.array_slice %arr[%sel3] : (!hw.array<4xi4>) -> !hw.array<2xi4>
  %pair = hw.array_create %v, %a : i4
  %cat = hw.array_concat %pair, %arr : !hw.array<2xi4>, !hw.array<4xi4>
  %mid = hw.struct_extract %s["mid"] : !hw.struct<hi: i3, mid: !hw.array<2xi2>, lo: i1>
  %one = hw.constant 1 : i1
  %mid1 = hw.array_get %mid[%one] : !hw.array<2xi2>, i1
  %newmid = hw.bitcast %v : (i4) -> !hw.array<2xi2>
  %sinj = hw.struct_inject %s["mid"], %newmid : !hw.struct<hi: i3, mid: !hw.array<2xi2>, lo: i1>
  %hi, %m2, %lo = hw.struct_explode %s : !hw.struct<hi: i3, mid: !hw.array<2xi2>, lo: i1>
  %lo_n = comb.xor %lo, %one : i1
  %scr = hw.struct_create (%hi, %m2, %lo_n) : !hw.struct<hi: i3, mid: !hw.array<2xi2>, lo: i1>
  %p = comb.extract %v from 1 : (i4) -> i2
  %u = hw.union_create "p", %p : !hw.union<p: i2, q: i8, r: i3 offset 2>
  %xu = hw.bitcast %x : (i8) -> !hw.union<p: i2, q: i8, r: i3 offset 2>
  %ur = hw.union_extract %xu["r"] : !hw.union<p: i2, q: i8, r: i3 offset 2>
  %bc = hw.bitcast %x : (i8) -> !hw.array<2xi4>
  %k = hw.aggregate_constant [-3 : i3, [2 : i2, 1 : i2]] : !hw.struct<a: i3, b: !hw.array<2xi2>>
  %en = hw.enum.constant D : !hw.enum<A, B, C, D, E>
  %xa = comb.concat %a, %b : i4, i4
  %xb = comb.concat %c, %d : i4, i4
  %s2:2 = datapath.compress %xa, %xb, %x : i8 [3 -> 2]
  %csum = comb.add %s2#0, %s2#1 : i8
  %pp:4 = datapath.partial_product %xa, %xb : (i8, i8) -> (i8, i8, i8, i8)
  %psum = comb.add %pp#0, %pp#1, %pp#2, %pp#3 : i8
  %qq:2 = datapath.pos_partial_product %xa, %xb, %x : (i8, i8, i8) -> (i8, i8)
  %qsum = comb.add %qq#0, %qq#1 : i8
  hw.output %get4, %get3, %inj, %sl, %cat, %created, %mid1, %sinj, %scr, %u, %ur, %bc, %k, %en, %csum, %psum, %qsum
    : i4, i4, !hw.array<4xi4>, !hw.array<2xi4>, !hw.array<6xi4>, !hw.array<4xi4>, i2,
      !hw.struct<hi: i3, mid: !hw.array<2xi2>, lo: i1>, !hw.struct<hi: i3, mid: !hw.array<2xi2>, lo: i1>,
      !hw.union<p: i2, q: i8, r: i3 offset 2>, i3, !hw.array<2xi4>, !hw.struct<a: i3, b: !hw.array<2xi2>>,
      !hw.enum<A, B, C, D, E>, i8, i8, i8
}
