// A union made from a zero-width field is all padding: 0, as CIRCT's export gives it
// (`2'h0`); reading a zero-width field gives an i0, which is erased. Beside them, the
// field layout of CIRCT's export: a field at [W-offset-1 : W-offset-width].
hw.module @union_zero_width(in %z: i0, in %b: i1, in %u: !hw.union<a: i0, b: i1 offset 1, c: i3>,
    out y: !hw.union<a: i0, b: i1 offset 1, c: i3>, out w: !hw.union<a: i0, b: i1 offset 1, c: i3>,
    out r: i1, out e: i0) {
  %y = hw.union_create "a", %z : !hw.union<a: i0, b: i1 offset 1, c: i3>
  %w = hw.union_create "b", %b : !hw.union<a: i0, b: i1 offset 1, c: i3>
  %r = hw.union_extract %u["b"] : !hw.union<a: i0, b: i1 offset 1, c: i3>
  %e = hw.union_extract %u["a"] : !hw.union<a: i0, b: i1 offset 1, c: i3>
  hw.output %y, %w, %r, %e : !hw.union<a: i0, b: i1 offset 1, c: i3>, !hw.union<a: i0, b: i1 offset 1, c: i3>, i1, i0
}
