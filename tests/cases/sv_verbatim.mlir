// sv.verbatim: no netlist meaning; its text is printed as written (escapes decoded) after the
// module's logic, and --emit mlir keeps it (the round trip of this case checks that).
hw.module @vb(in %a : i8, in %b : i8, out y : i8) {
  sv.verbatim "// verbatim: first"
  %w = sv.wire : !hw.inout<i8>
  %x = comb.xor %a, %b : i8
  sv.assign %w, %x : i8
  %y = sv.read_inout %w : !hw.inout<i8>
  sv.verbatim "/* two\0A   lines */"
  hw.output %y : i8
}
