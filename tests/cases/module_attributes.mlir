// RUN: --emit mlir
// Module attributes, aliases, locations and a dialect resource block are all accepted.
#loc0 = loc("design.scala":10:3)
!byte = i8
module attributes {circt.loweringOptions = "locationInfoStyle=none", test.flag} {
  hw.module @m(in %a : !byte, out y : !byte) {
    %c = hw.constant 7 : i8 loc(#loc0)
    %y = comb.and bin %a, %c : i8 loc("x.mlir":2:8)
    hw.output %y : !byte
  } loc(unknown)
}
{-#
  dialect_resources: {
    builtin: { blob1: "0x08000000010000000000000002000000000000000300000000000000" }
  }
#-}
