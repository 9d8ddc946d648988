// expect: 'comb.extract' of bits 6..9 is out of range of an i8 operand
hw.module @m(in %a : i8, out y : i4) {
  %x = comb.extract %a from 6 : (i8) -> i4
  hw.output %x : i4
}
