// Parametric array sizes: `!hw.array<#hw.param.decl.ref<"N"> x T>` and a size expression
// on ports and values, passed down through instances and specialized per instance like
// parametric widths (tests/it/params.rs proves this file equal to CIRCT's own export, which
// keeps the modules generic). The size parameters are i64, as CIRCT 1.62 needs to match
// an instance's array types against the module's.
hw.module @sel<N: i64 = 4, W: i32 = 8>(in %s : i1, in %a : !hw.array<#hw.param.decl.ref<"N"> x !hw.int<#hw.param.decl.ref<"W">>>, in %b : !hw.array<#hw.param.decl.ref<"N"> x !hw.int<#hw.param.decl.ref<"W">>>, out y : !hw.array<#hw.param.decl.ref<"N"> x !hw.int<#hw.param.decl.ref<"W">>>) {
  %m = comb.mux %s, %a, %b : !hw.array<#hw.param.decl.ref<"N"> x !hw.int<#hw.param.decl.ref<"W">>>
  hw.output %m : !hw.array<#hw.param.decl.ref<"N"> x !hw.int<#hw.param.decl.ref<"W">>>
}
hw.module @pick<N: i64 = 2>(in %s : i1, in %a : !hw.array<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1> x i8>, in %b : !hw.array<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1> x i8>, in %c : !hw.array<#hw.param.decl.ref<"N"> x i8>, in %d : !hw.array<#hw.param.decl.ref<"N"> x i8>, out y : !hw.array<#hw.param.decl.ref<"N"> x i8>, out z : !hw.array<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1> x i8>) {
  %y = hw.instance "s" @sel<N: i64 = #hw.param.decl.ref<"N">, W: i32 = 8>(s: %s : i1, a: %c : !hw.array<#hw.param.decl.ref<"N"> x i8>, b: %d : !hw.array<#hw.param.decl.ref<"N"> x i8>) -> (y: !hw.array<#hw.param.decl.ref<"N"> x i8>)
  %ns = comb.xor %s, %true : i1
  %true = hw.constant true
  %z = comb.mux %ns, %a, %b : !hw.array<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1> x i8>
  hw.output %y, %z : !hw.array<#hw.param.decl.ref<"N"> x i8>, !hw.array<#hw.param.expr.add<#hw.param.decl.ref<"N">, 1> x i8>
}
hw.module @parrays(in %s : i1, in %t : i1, in %a2 : !hw.array<2xi8>, in %b2 : !hw.array<2xi8>, in %c1 : !hw.array<1xi8>, in %d1 : !hw.array<1xi8>, in %a3 : !hw.array<3xi8>, in %b3 : !hw.array<3xi8>, in %c2 : !hw.array<2xi8>, in %d2 : !hw.array<2xi8>, in %e : !hw.array<3xi4>, in %f : !hw.array<3xi4>, out y1 : !hw.array<1xi8>, out z2 : !hw.array<2xi8>, out y2 : !hw.array<2xi8>, out z3 : !hw.array<3xi8>, out w : !hw.array<3xi4>) {
  %y1, %z2 = hw.instance "p1" @pick<N: i64 = 1>(s: %s : i1, a: %a2 : !hw.array<2xi8>, b: %b2 : !hw.array<2xi8>, c: %c1 : !hw.array<1xi8>, d: %d1 : !hw.array<1xi8>) -> (y: !hw.array<1xi8>, z: !hw.array<2xi8>)
  %y2, %z3 = hw.instance "p2" @pick<N: i64 = 2>(s: %t : i1, a: %a3 : !hw.array<3xi8>, b: %b3 : !hw.array<3xi8>, c: %c2 : !hw.array<2xi8>, d: %d2 : !hw.array<2xi8>) -> (y: !hw.array<2xi8>, z: !hw.array<3xi8>)
  %w = hw.instance "s3" @sel<N: i64 = 3, W: i32 = 4>(s: %s : i1, a: %e : !hw.array<3xi4>, b: %f : !hw.array<3xi4>) -> (y: !hw.array<3xi4>)
  hw.output %y1, %z2, %y2, %z3, %w : !hw.array<1xi8>, !hw.array<2xi8>, !hw.array<2xi8>, !hw.array<3xi8>, !hw.array<3xi4>
}
