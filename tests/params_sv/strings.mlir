// RUN: --emit verilog --keep-params
// String (`none`) and wide integer parameters, str.concat, a black box passed parameters.
hw.module.extern @Leaf<NAME: none, SEED: i42 = 17>(in %a : i4, out y : i4)
hw.module @named<name: none = "top", K: i42>(in %a : i4, out y : i4) {
  %y = hw.instance "leaf" @Leaf<NAME: none = #hw.param.expr.str.concat<#hw.param.decl.ref<"name">, ".leaf">, SEED: i42 = #hw.param.expr.add<#hw.param.decl.ref<"K">, 1>>(a: %a : i4) -> (y: i4)
  hw.output %y : i4
}
