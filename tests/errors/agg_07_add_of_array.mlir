// expect: result of 'comb.add' must be an integer
hw.module @m(in %a: !hw.array<2xi4>, out y: !hw.array<2xi4>) {
  %y = comb.add %a, %a : !hw.array<2xi4>
  hw.output %y : !hw.array<2xi4>
}
