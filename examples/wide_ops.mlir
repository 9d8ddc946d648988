// Wide arithmetic and the comb gate ops on 96- and 200-bit values.
func.func @wide(%a: i96, %b: i96, %c: i200) -> (i96, i96, i1, i200, i1) {
  %q = comb.divu %a, %b : i96
  %s = comb.shrs %a, %b : i96
  %lt = comb.icmp sle %a, %b : i96
  %ab = comb.concat %a, %b : i96, i96
  %pad = comb.extract %c from 0 : (i200) -> i8
  %wide = comb.concat %ab, %pad : i192, i8
  %x = comb.xnor %wide, %c : i200
  %p = comb.parity bin %x : i200
  return %q, %s, %lt, %x, %p : i96, i96, i1, i200, i1
}
