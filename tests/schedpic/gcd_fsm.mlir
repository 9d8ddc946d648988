// An FSM kernel: a while loop whose body is a sequential remainder (its steps are one run
// of states in the FSM picture) and a branch on the comparison.
func.func @gcd(%a0: i16, %b0: i16) -> i16 {
  %z = arith.constant 0 : i16
  %r:2 = scf.while (%a = %a0, %b = %b0) : (i16, i16) -> (i16, i16) {
    %ne = arith.cmpi ne, %b, %z : i16
    scf.condition(%ne) %a, %b : i16, i16
  } do {
  ^bb0(%x: i16, %y: i16):
    %m = arith.remui %x, %y : i16
    scf.yield %y, %m : i16, i16
  }
  return %r#0 : i16
}
