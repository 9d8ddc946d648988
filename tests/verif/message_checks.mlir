// Checks with messages (CIRCT's `message "fmt"(%args)`) for tests/it/verif_messages.rs. The
// register `cnt` adds `a` each cycle and is cleared by the asynchronous reset `arst`. Each
// clock edge checks, in the main block (arst 0), `small` (cnt < 0xc0) with the message
// "cnt=%0d a=%d b=%b"; in the reset block (arst 1) that b != 3 with "in reset: a=%h b=%0d";
// and always `b_not_9` (b != 9) with "b was %x (%o octal) %c", the character 'A' + b.
hw.module @message_checks(in %clk : i1, in %arst : i1, in %a : i8, in %b : i4, out cnt : i8) {
  %c0 = hw.constant 0 : i8
  %cc0 = hw.constant 192 : i8
  %c3 = hw.constant 3 : i4
  %c9 = hw.constant 9 : i4
  %cA = hw.constant 65 : i8
  %z4 = hw.constant 0 : i4
  %r = sv.reg : !hw.inout<i8>
  %cnt = sv.read_inout %r : !hw.inout<i8>
  %n = comb.add %cnt, %a : i8
  %small = comb.icmp ult %cnt, %cc0 : i8
  %n3 = comb.icmp ne %b, %c3 : i4
  %n9 = comb.icmp ne %b, %c9 : i4
  %bz = comb.concat %z4, %b : i4, i4
  %ch = comb.add %cA, %bz : i8
  sv.alwaysff(posedge %clk) {
    sv.passign %r, %n : i8
    sv.assert %small, immediate label "small" message "cnt=%0d a=%d b=%b"(%cnt, %a, %b) : i8, i8, i4
  } (asyncreset : posedge %arst) {
    sv.passign %r, %c0 : i8
    sv.assert %n3, immediate message "in reset: a=%h b=%0d"(%a, %b) : i8, i4
  }
  sv.assert.concurrent posedge %clk, %n9 label "b_not_9" message "b was %x (%o octal) %c"(%b, %b, %ch) : i4, i4, i8
  hw.output %cnt : i8
}
