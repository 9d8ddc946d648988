// expect: 'sv.assert_property' expects operands %property [, %clock] [, %disable] ('operandSegmentSizes')
hw.module @m(in %clk : i1, in %p : i1) {
  "sv.assert_property"(%p, %clk) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1, i1) -> ()
}
