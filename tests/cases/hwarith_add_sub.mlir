// CIRCT's hwarith dialect (test/Conversion/HWArithToHW's add/sub/icmp in our own words):
// every signedness pair, widened by each operand's own signedness before the comb op.
hw.module @add_sub(in %op0 : i8, in %op1 : i6, out sisi : i9, out siui : i10, out uiui : i9, out d : i9, out lt : i1, out k : i8) {
  %s0 = hwarith.cast %op0 : (i8) -> si8
  %u0 = hwarith.cast %op0 : (i8) -> ui8
  %s1 = hwarith.cast %op1 : (i6) -> si6
  %u1 = hwarith.cast %op1 : (i6) -> ui6
  %sisi = hwarith.add %s0, %s1 : (si8, si6) -> si9
  %siui = hwarith.add %s0, %u1 : (si8, ui6) -> si9
  %uiui = hwarith.add %u0, %u1 : (ui8, ui6) -> ui9
  %diff = hwarith.sub %u0, %u1 : (ui8, ui6) -> si9
  %lt = hwarith.icmp lt %s0, %u1 : si8, ui6
  %c = hwarith.constant -100 : si8
  %prod = "hwarith.mul"(%c, %u1) : (si8, ui6) -> si14
  %o0 = hwarith.cast %sisi : (si9) -> i9
  %o1 = hwarith.cast %siui : (si9) -> i10
  %o2 = hwarith.cast %uiui : (ui9) -> i9
  %o3 = hwarith.cast %diff : (si9) -> i9
  %o5 = hwarith.cast %prod : (si14) -> i8
  hw.output %o0, %o1, %o2, %o3, %lt, %o5 : i9, i10, i9, i9, i1, i8
}
