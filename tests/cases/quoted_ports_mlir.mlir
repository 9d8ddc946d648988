// RUN: --emit mlir
// The input port keeps its name as a string after the SSA name.
hw.module @q(in %a "a b" : i1, in %c : i1, out "x y" : i1) {
  %0 = comb.and %a, %c : i1
  hw.output %0 : i1
}
