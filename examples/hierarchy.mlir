// Hierarchy: a 4-bit ripple stage instantiated twice; instances are kept unless --flatten.
hw.module @stage(in %x : i4, in %y : i4, in %ci : i1, out s : i4, out co : i1) {
  %c0 = hw.constant 0 : i1
  %xe = comb.concat %c0, %x : i1, i4
  %ye = comb.concat %c0, %y : i1, i4
  %z4 = hw.constant 0 : i4
  %ce = comb.concat %z4, %ci : i4, i1
  %t = comb.add %xe, %ye, %ce : i5
  %s = comb.extract %t from 0 : (i5) -> i4
  %co = comb.extract %t from 4 : (i5) -> i1
  hw.output %s, %co : i4, i1
}
hw.module @add8(in %a : i8, in %b : i8, out sum : i8, out carry : i1) {
  %alo = comb.extract %a from 0 : (i8) -> i4
  %ahi = comb.extract %a from 4 : (i8) -> i4
  %blo = comb.extract %b from 0 : (i8) -> i4
  %bhi = comb.extract %b from 4 : (i8) -> i4
  %false = hw.constant false
  %lo, %c = hw.instance "lo" @stage(x: %alo : i4, y: %blo : i4, ci: %false : i1) -> (s: i4, co: i1)
  %hi, %carry = hw.instance "hi" @stage(x: %ahi : i4, y: %bhi : i4, ci: %c : i1) -> (s: i4, co: i1)
  %sum = comb.concat %hi, %lo : i4, i4
  hw.output %sum, %carry : i8, i1
}
