// RUN: --emit verilog
// sv.ifdef (module level) and sv.ifdef.procedural take the branch --define chooses; without
// the define, the else branch (tests/cases/sv_ifdef_defined.mlir: with it). CIRCT spells the
// macro as a string or #sv<macro.ident "NAME">.
sv.macro.decl @FAST
hw.module @sv_ifdef(in %clk : i1, in %a : i8, in %b : i8, out y : i8, out q : i8) {
  %w = sv.wire : !hw.inout<i8>
  sv.ifdef "FAST" {
    %s = comb.add %a, %b : i8
    sv.assign %w, %s : i8
  } else {
    %x = comb.xor %a, %b : i8
    sv.assign %w, %x : i8
  }
  %r = sv.reg : !hw.inout<i8>
  sv.always posedge %clk {
    sv.ifdef.procedural #sv<macro.ident "FAST"> {
      sv.passign %r, %a : i8
    } else {
      sv.passign %r, %b : i8
    }
  }
  %y = sv.read_inout %w : !hw.inout<i8>
  %q = sv.read_inout %r : !hw.inout<i8>
  hw.output %y, %q : i8, i8
}
