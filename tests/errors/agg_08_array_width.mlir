// expect: more than 16777216
hw.module @m(in %a: !hw.array<70000 x !hw.array<300xi1>>) {
  hw.output
}
