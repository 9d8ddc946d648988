// RUN: --emit verilog -O0 --define SYNTHESIS
// Spellings of newer CIRCT releases: `sv.wire name "n"` (the declared name wins over the
// SSA name), `sv.macro.decl @SYM["NAME"]` (an `sv.ifdef @SYM` follows `--define NAME`), and
// a `comb.concat` operand of an integer type alias.
sv.macro.decl @MY_SYM["SYNTHESIS"]
hw.module @t(in %a : i4, out y : i4, out z : i4) {
  %w = sv.wire name "after1" : !hw.inout<i4>
  sv.assign %w, %a : i4
  %r = sv.read_inout %w : !hw.inout<i4>
  %c = hw.constant 3 : i4
  %x = sv.wire : !hw.inout<i4>
  sv.ifdef @MY_SYM {
    sv.assign %x, %c : i4
  } else {
    sv.assign %x, %a : i4
  }
  %xr = sv.read_inout %x : !hw.inout<i4>
  hw.output %r, %xr : i4, i4
}
hw.type_scope @__hw_typedecls {
  hw.typedecl @foo : i1
}
hw.module @ta(in %arg0 : !hw.typealias<@__hw_typedecls::@foo,i1>, in %b : i3, out o : i4) {
  %0 = comb.concat %arg0, %b : !hw.typealias<@__hw_typedecls::@foo,i1>, i3
  hw.output %0 : i4
}
