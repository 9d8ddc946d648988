// expect: 'hw.generator.schema' expects a list of parameter names
hw.generator.schema @S, "Name", [1, 2]
hw.module @m(in %a : i4, out y : i4) {
  hw.output %a : i4
}
