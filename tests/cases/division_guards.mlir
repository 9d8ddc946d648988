// RUN: --emit verilog
// Division and modulo by zero give 0; divs MIN/-1 gives MIN; shifts by >= width.
hw.module @div(in %a : i16, in %b : i16, out q : i16, out r : i16, out sq : i16, out sr : i16, out sh : i16) {
  %q = comb.divu %a, %b : i16
  %r = comb.modu %a, %b : i16
  %sq = comb.divs %a, %b : i16
  %sr = comb.mods %a, %b : i16
  %s = comb.shrs %a, %b : i16
  %t = comb.shl %a, %b : i16
  %sh = comb.and %s, %t : i16
  hw.output %q, %r, %sq, %sr, %sh : i16, i16, i16, i16, i16
}
