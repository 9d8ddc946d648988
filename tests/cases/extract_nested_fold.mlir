// RUN: -O1 --emit mlir
// Nested extracts over a concat fold to the end in one -O1 run (y: 2 levels, z: 3).
hw.module @nested(in %a : i8, in %b : i8, out y : i4, out z : i2) {
  %c = comb.concat %a, %b : i8, i8
  %m = comb.extract %c from 4 : (i16) -> i8
  %y = comb.extract %m from 4 : (i8) -> i4
  %n = comb.extract %m from 1 : (i8) -> i6
  %z = comb.extract %n from 4 : (i6) -> i2
  hw.output %y, %z : i4, i2
}
