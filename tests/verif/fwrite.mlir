// `sv.fwrite` for tests/it/verif_messages.rs: a register `acc` adds `a` each cycle (cleared by
// the asynchronous reset `arst`); each clock edge with `en` writes "acc=%d a=%h" to stderr,
// and each edge (no enable) writes "tick b=%b" to stderr; the reset block writes "reset"
// while arst is 1 (at the clock's edges). `sv.fflush` is in tests/cases: CIRCT 1.62 does not
// parse it.
hw.module @fwrite(in %clk : i1, in %arst : i1, in %en : i1, in %a : i8, in %b : i3, out acc : i8) {
  %c0 = hw.constant 0 : i8
  %fd = hw.constant 0x80000002 : i32
  %r = sv.reg : !hw.inout<i8>
  %acc = sv.read_inout %r : !hw.inout<i8>
  %n = comb.add %acc, %a : i8
  sv.alwaysff(posedge %clk) {
    sv.passign %r, %n : i8
    sv.if %en {
      sv.fwrite %fd, "acc=%d a=%h\n"(%acc, %a) : i8, i8
    }
    sv.fwrite %fd, "tick b=%b\n"(%b) : i3
  } (asyncreset : posedge %arst) {
    sv.passign %r, %c0 : i8
    sv.fwrite %fd, "reset\n"
  }
  hw.output %acc : i8
}
