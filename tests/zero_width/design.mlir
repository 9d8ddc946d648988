// Zero-width (i0) values beside real logic: i0 ports on a leaf and the top, an instance
// that passes and returns i0, nullary and mixed concats, an extract of no bits, an i0
// register and wire, and an icmp of two i0 (always equal). Every i0 is erased. (The nullary
// concat is in generic form: CIRCT 1.62 does not read its custom form `comb.concat :`.)
hw.module @leaf(in %a : i8, in %z : i0, in %b : i8, out y : i8, out e : i0) {
  %c0 = hw.constant 0 : i0
  %none = "comb.concat"() : () -> i0
  %s = comb.add %a, %b : i8
  %x = comb.concat %z, %s, %none : i0, i8, i0
  hw.output %x, %c0 : i8, i0
}

hw.module @zw_top(in %clk : !seq.clock, in %a : i8, in %nothing : i0, in %b : i4, out y : i12, out eq : i1, out w : i0) {
  %n = comb.extract %b from 2 : (i4) -> i0
  %b8 = comb.concat %n, %b, %b, %nothing : i0, i4, i4, i0
  %y, %e = hw.instance "u" @leaf(a: %a : i8, z: %n : i0, b: %b8 : i8) -> (y: i8, e: i0)
  %r = seq.compreg %e, %clk : i0
  %w = hw.wire %r : i0
  %eq = comb.icmp eq %w, %n : i0
  %ne = comb.icmp ult %w, %nothing : i0
  %acc = seq.compreg %y, %clk : i8
  %mix = comb.xor %acc, %y : i8
  %hi = comb.extract %b from 0 : (i4) -> i4
  %out = comb.concat %hi, %r, %mix : i4, i0, i8
  %flag = comb.xor %eq, %ne : i1
  hw.output %out, %flag, %w : i12, i1, i0
}
