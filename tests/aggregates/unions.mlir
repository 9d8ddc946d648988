// Every form of !hw.union the reader takes, module by module, for the comparison with
// CIRCT's own export (tests/circt_interop.rs runs both in Icarus on random inputs).
!U = !hw.union<a: i16, b: i10, c: i14 offset 2, d: i3 offset 13>
!S = !hw.struct<x: i3, u: !hw.union<p: i2, q: i5 offset 1>, y: i2>
!A = !hw.array<3x!hw.union<p: i2, q: i4 offset 1>>
!N = !hw.union<s: !hw.struct<h: i2, l: i3>, arr: !hw.array<2xi3> offset 1, i: i4>

// Create: no padding, padding below a field, an offset (padding above), both.
hw.module @create_all(in %a: i16, in %b: i10, in %c: i14, in %d: i3,
    out ua: !U, out ub: !U, out uc: !U, out ud: !U) {
  %ua = hw.union_create "a", %a : !U
  %ub = hw.union_create "b", %b : !U
  %uc = hw.union_create "c", %c : !U
  %ud = hw.union_create "d", %d : !U
  hw.output %ua, %ub, %uc, %ud : !U, !U, !U, !U
}

// Extract every field of a union port, the offsets' fields included.
hw.module @extract_all(in %u: !U, out a: i16, out b: i10, out c: i14, out d: i3) {
  %a = hw.union_extract %u["a"] : !U
  %b = hw.union_extract %u["b"] : !U
  %c = hw.union_extract %u["c"] : !U
  %d = hw.union_extract %u["d"] : !U
  hw.output %a, %b, %c, %d : i16, i10, i14, i3
}

// Create one field, read another (the bits the two share, the padding as 0).
hw.module @create_then_extract(in %c: i14, in %d: i3, out b: i10, out a: i16, out dc: i14) {
  %uc = hw.union_create "c", %c : !U
  %b = hw.union_extract %uc["b"] : !U
  %a = hw.union_extract %uc["a"] : !U
  %ud = hw.union_create "d", %d : !U
  %dc = hw.union_extract %ud["c"] : !U
  hw.output %b, %a, %dc : i10, i16, i14
}

// A union inside a struct: create, extract through both, inject a new union.
hw.module @in_struct(in %s: !S, in %q: i5, out p: i2, out qq: i5, out t: !S) {
  %u = hw.struct_extract %s["u"] : !S
  %p = hw.union_extract %u["p"] : !hw.union<p: i2, q: i5 offset 1>
  %qq = hw.union_extract %u["q"] : !hw.union<p: i2, q: i5 offset 1>
  %nu = hw.union_create "q", %q : !hw.union<p: i2, q: i5 offset 1>
  %t = hw.struct_inject %s["u"], %nu : !S
  hw.output %p, %qq, %t : i2, i5, !S
}

// Unions as array elements: build, index, extract.
hw.module @in_array(in %x: i2, in %y: i4, in %z: i2, in %i: i2, out arr: !A, out q: i4, out p: i2) {
  %u0 = hw.union_create "p", %x : !hw.union<p: i2, q: i4 offset 1>
  %u1 = hw.union_create "q", %y : !hw.union<p: i2, q: i4 offset 1>
  %u2 = hw.union_create "p", %z : !hw.union<p: i2, q: i4 offset 1>
  %arr = hw.array_create %u0, %u1, %u2 : !hw.union<p: i2, q: i4 offset 1>
  %e = hw.array_get %arr[%i] : !A, i2
  %q = hw.union_extract %e["q"] : !hw.union<p: i2, q: i4 offset 1>
  %p = hw.union_extract %e["p"] : !hw.union<p: i2, q: i4 offset 1>
  hw.output %arr, %q, %p : !A, i4, i2
}

// Aggregates inside a union: a struct field, an array field at an offset.
hw.module @aggregate_fields(in %n: !N, in %h: i2, in %l: i3,
    out s: !hw.struct<h: i2, l: i3>, out arr: !hw.array<2xi3>, out i: i4, out m: !N) {
  %s = hw.union_extract %n["s"] : !N
  %arr = hw.union_extract %n["arr"] : !N
  %i = hw.union_extract %n["i"] : !N
  %st = hw.struct_create (%h, %l) : !hw.struct<h: i2, l: i3>
  %m = hw.union_create "s", %st : !N
  hw.output %s, %arr, %i, %m : !hw.struct<h: i2, l: i3>, !hw.array<2xi3>, i4, !N
}

// A union chosen by a mux, then read (CIRCT's unionExtractFromTemporary shape).
hw.module @mux_of_unions(in %c: i1, in %a: !U, in %b: !U, out d: i3, out w: !U) {
  %w = comb.mux %c, %a, %b : !U
  %d = hw.union_extract %w["d"] : !U
  hw.output %d, %w : i3, !U
}

// A union through an instance boundary.
hw.module @child(in %u: !hw.union<p: i2, q: i5 offset 1>, out q: i5) {
  %q = hw.union_extract %u["q"] : !hw.union<p: i2, q: i5 offset 1>
  hw.output %q : i5
}
hw.module @through_instance(in %p: i2, out q: i5) {
  %u = hw.union_create "p", %p : !hw.union<p: i2, q: i5 offset 1>
  %q = hw.instance "c" @child(u: %u: !hw.union<p: i2, q: i5 offset 1>) -> (q: i5)
  hw.output %q : i5
}
