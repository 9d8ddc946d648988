// CIRCT's other spellings of integer types: `!hw.int<8>` is `i8`; `int<...>` is the short
// form of `!hw.int<...>` inside an aggregate type (as CIRCT prints it), resolved when the
// module is specialized.
hw.module @pick<N: i64 = 4, W: i32 = 3>(in %s : i1, in %a : !hw.array<#hw.param.decl.ref<"N">xint<#hw.param.decl.ref<"W">>>, in %b : !hw.array<#hw.param.decl.ref<"N">xint<#hw.param.decl.ref<"W">>>, out y : !hw.array<#hw.param.decl.ref<"N">xint<#hw.param.decl.ref<"W">>>) {
  %m = comb.mux %s, %a, %b : !hw.array<#hw.param.decl.ref<"N"> x !hw.int<#hw.param.decl.ref<"W">>>
  hw.output %m : !hw.array<#hw.param.decl.ref<"N"> x !hw.int<#hw.param.decl.ref<"W">>>
}
hw.module @hw_int_spellings(in %a : !hw.int<8>, in %s : i1, in %v : !hw.array<4xint<5>>, in %w : !hw.array<4xi5>, out y : i8, out e : !hw.array<4x!hw.int<5>>) {
  %e = hw.instance "g" @pick<N: i64 = 4, W: i32 = 5>(s: %s : i1, a: %v : !hw.array<4xi5>, b: %w : !hw.array<4xi5>) -> (y: !hw.array<4xi5>)
  hw.output %a, %e : i8, !hw.array<4xi5>
}
