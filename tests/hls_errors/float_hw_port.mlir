// expect: f32
hw.module @fadd(in %a : f32, in %b : f32, out y : f32) {
  %s = comb.add %a, %b : f32
  hw.output %s : f32
}
