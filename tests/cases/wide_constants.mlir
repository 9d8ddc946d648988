// RUN: --emit verilog
hw.module @wide(in %a : i200, out y : i200, out z : i65) {
  %k = hw.constant 0x123456789ABCDEF0123456789ABCDEF0123456789ABCDEF : i200
  %m = hw.constant -1 : i65
  %y = comb.xor %a, %k : i200
  %lo = comb.extract %a from 100 : (i200) -> i65
  %z = comb.add %lo, %m : i65
  hw.output %y, %z : i200, i65
}
