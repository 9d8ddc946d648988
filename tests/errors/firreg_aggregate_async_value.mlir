// expect: asynchronous reset value must be a constant
// An asynchronous reset value of an aggregate register must be a constant
// (`hw.aggregate_constant` or `hw.constant`), not an `hw.array_create` of values.
hw.module @t(in %clk : !seq.clock, in %arst : i1, in %a : i4, in %n : !hw.array<2xi4>, out q : !hw.array<2xi4>) {
  %v = hw.array_create %a, %a : i4
  %q = seq.firreg %n clock %clk reset async %arst, %v : !hw.array<2xi4>
  hw.output %q : !hw.array<2xi4>
}
