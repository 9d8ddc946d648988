// expect: no module named 'nothere'
// top: nothere
hw.module @m(in %a : i1, out y : i1) {
  hw.output %a : i1
}
