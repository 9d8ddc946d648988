// RUN: --emit verilog
// CIRCT's sv.assert_property family as concurrent checks: clocked `on posedge|negedge`,
// `disable_iff` folded into the condition (`d | p`; a cover counts `!d & p`), an
// `ltl.clock` property, a check in a procedural block clocked by the block, an unclocked one
// (checked every cycle), and the generic form.
hw.module @sv_property(in %clk : i1, in %rst : i1, in %p : i1, in %q : i1) {
  sv.assert_property %p on posedge %clk disable_iff %rst label "a1" : i1
  sv.cover_property %q on negedge %clk disable_iff %rst label "c1" : i1
  %lp = ltl.clock %q, posedge %clk : i1
  sv.assume_property %lp : !ltl.sequence
  sv.always posedge %clk {
    sv.assert_property %q label "blk" : i1
  }
  sv.assert_property %p label "imm" : i1
  "sv.assert_property"(%q, %clk) <{event = 0 : i32, label = "gen", operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i1) -> ()
}
