// Co-simulation design for asynchronous resets and initial values: `arst` is not named like
// a reset, so cosim's stimulus drives it at random and it rises and falls mid-run between
// clock edges. A child with its own asynchronous register checks flattening.
hw.module @child(in %clk : !seq.clock, in %r : i1, in %d : i4, out x : i4) {
  %c9 = hw.constant 9 : i4
  %x = "seq.firreg"(%d, %clk, %r, %c9) {name = "x", isAsync} : (i4, !seq.clock, i1, i4) -> i4
  hw.output %x : i4
}

hw.module @async_reset(in %clk : !seq.clock, in %rst : i1, in %arst : i1, in %d : i8, out a : i8, out s : i8, out p : i8, out q : i8, out c : i4, out z : i8) {
  %c0 = hw.constant 0 : i8
  %c5 = hw.constant 5 : i8
  %one = hw.constant 1 : i8
  %a = seq.firreg %an clock %clk reset async %arst, %c5 : i8
  %an = comb.add %a, %d : i8
  %s = seq.firreg %sn clock %clk sym @s reset sync %rst, %c0 : i8
  %sn = comb.xor %s, %d, %a : i8
  %p = seq.firreg %pn clock %clk preset 200 : i8
  %pn = comb.add %p, %one : i8
  %q = seq.firreg %a clock %clk reset async %arst, %c0 preset 3 : i8
  %lo = comb.extract %d from 0 : (i8) -> i4
  %c = hw.instance "u" @child(clk: %clk : !seq.clock, r: %arst : i1, d: %lo : i4) -> (x: i4)
  // The reset of %z is itself driven by a register: it changes on edges only.
  %rz = comb.extract %p from 0 : (i8) -> i1
  %z = seq.firreg %zn clock %clk reset async %rz, %c5 : i8
  %zn = comb.mul %z, %d : i8
  hw.output %a, %s, %p, %q, %c, %z : i8, i8, i8, i8, i4, i8
}
