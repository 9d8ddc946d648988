// RUN: --emit mlir -O2
// Shifts by constants become wiring, extracts of extracts and of concats, adjacent extracts
// of one value concatenated back.
hw.module @wiring_rules(in %a : i8, in %b : i8, out y0 : i4, out y1 : i8, out y2 : i2) {
  %c2 = hw.constant 2 : i8
  %sh = comb.shl %a, %c2 : i8
  %hi = comb.extract %sh from 4 : (i8) -> i4
  %lo = comb.extract %a from 0 : (i8) -> i4
  %up = comb.extract %a from 4 : (i8) -> i4
  %whole = comb.concat %up, %lo : i4, i4
  %cat = comb.concat %a, %b : i8, i8
  %e1 = comb.extract %cat from 2 : (i16) -> i6
  %e2 = comb.extract %e1 from 1 : (i6) -> i2
  hw.output %hi, %whole, %e2 : i4, i8, i2
}
