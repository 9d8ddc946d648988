// Zero-width values: the i0 ports vanish from the SystemVerilog port lists and the
// instance's connections, the concats drop their i0 operands, and the nullary concat,
// the i0 constant and the extract of no bits disappear.
hw.module @inner(in %z : i0, in %a : i4, out y : i4, out e : i0) {
  %none = comb.concat :
  %x = comb.concat %none, %a, %z : i0, i4, i0
  hw.output %x, %none : i4, i0
}
hw.module @zw(in %a : i4, in %nothing : i0, out y : i8, out e : i0, out same : i1) {
  %c = hw.constant 0 : i0
  %n = comb.extract %a from 4 : (i4) -> i0
  %y, %e = hw.instance "i" @inner(z: %n : i0, a: %a : i4) -> (y: i4, e: i0)
  %s = comb.icmp eq %nothing, %c : i0
  %r = comb.concat %y, %e, %a : i4, i0, i4
  hw.output %r, %e, %s : i8, i0, i1
}
// An sv.wire of no bits, assigned and read, disappears with its assign.
hw.module @zw_sv(in %b : i4, in %z : i0, out y : i4) {
  %w = sv.wire : !hw.inout<i0>
  sv.assign %w, %z : i0
  %r = sv.read_inout %w : !hw.inout<i0>
  %y = comb.concat %r, %b : i0, i4
  hw.output %y : i4
}
// A black box with i0 ports: they leave its instance's connections too.
hw.module.extern @bb(in %a : i0, in %b : i4, out y : i4, out z : i0)
hw.module @zw_box(in %b : i4, out y : i4) {
  %c = hw.constant 0 : i0
  %y, %z = hw.instance "x" @bb(a: %c : i0, b: %b : i4) -> (y: i4, z: i0)
  hw.output %y : i4
}
