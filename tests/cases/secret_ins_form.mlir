// HEIR's older spelling `secret.generic ins(...)`, two generics in a row, and
// secret.reveal / secret.conceal / secret.cast (same width) around them.
func.func @chain(%a: !secret.secret<i8>, %b: i8) -> (!secret.secret<i8>, i8) {
  %0 = secret.generic ins(%a, %b : !secret.secret<i8>, i8) {
  ^bb0(%x: i8, %y: i8):
    %s = comb.sub %x, %y : i8
    secret.yield %s : i8
  } -> !secret.secret<i8>
  %1 = secret.generic ins(%0 : !secret.secret<i8>) {
  ^bb0(%x: i8):
    %c = comb.concat %x, %x : i8, i8
    %e = comb.extract %c from 4 : (i16) -> i8
    secret.yield %e : i8
  } -> !secret.secret<i8>
  %2 = secret.cast %1 : !secret.secret<i8> to !secret.secret<i8>
  %3 = secret.reveal %2 : !secret.secret<i8> -> i8
  %4 = secret.conceal %3 : i8 -> !secret.secret<i8>
  return %4, %3 : !secret.secret<i8>, i8
}
