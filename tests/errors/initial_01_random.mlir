// expect: only constants and comb ops can give an initial value
hw.module @t(in %clk : !seq.clock, in %d : i32, out q : i32) {
  %init = seq.initial () {
    %rand = "sv.system"() {fnName = "random"} : () -> i32
    seq.yield %rand : i32
  } : () -> !seq.immutable<i32>
  %q = seq.compreg %d, %clk initial %init : i32
  hw.output %q : i32
}
