// CIRCT's datapath ops: result 0 carries the sum, the other results are 0.
hw.module @dp(in %a: i8, in %b: i8, in %c: i8, out s0: i8, out s1: i8, out p: i8, out q: i8) {
  %s:2 = datapath.compress %a, %b, %c : i8 [3 -> 2]
  %pp:3 = datapath.partial_product %a, %b : (i8, i8) -> (i8, i8, i8)
  %qq:2 = datapath.pos_partial_product %a, %b, %c : (i8, i8, i8) -> (i8, i8)
  %p1 = comb.add %pp#0, %pp#1, %pp#2 : i8
  %q1 = comb.add %qq#0, %qq#1 : i8
  hw.output %s#0, %s#1, %p1, %q1 : i8, i8, i8, i8
}
