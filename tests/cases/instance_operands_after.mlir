// RUN: --emit verilog -O0
// An instance whose operands are defined after it, read first through its second result.
// The SV is the same after `--emit mlir` and reading back (checked for every case here).
hw.module @child(in %a1 : i8, in %a2 : i8, out y1 : i8, out y2 : i8) {
  %0 = comb.add %a1, %a1 : i8
  %1 = comb.xor %a2, %a2 : i8
  hw.output %0, %1 : i8, i8
}
hw.module @top(in %p : i8, in %q : i8, out s : i8, out t : i8) {
  %s = comb.mul %r2, %1, %1 : i8
  %r1, %r2 = hw.instance "u" @child(a1: %0 : i8, a2: %1 : i8) -> (y1: i8, y2: i8)
  %0 = comb.add %p, %q : i8
  %1 = comb.sub %p, %q : i8
  %t = comb.and %r1, %0, %0 : i8
  hw.output %s, %t : i8, i8
}
