// RUN: --emit mlir --dialect heir
// What HEIR's yosys optimizer leaves on single bits: truth tables in a generic. --emit mlir
// --dialect heir prints the plain comb function (the secret wrapper has no hardware meaning).
func.func @full_adder(%a: !secret.secret<i1>, %b: !secret.secret<i1>, %c: !secret.secret<i1>) -> (!secret.secret<i1>, !secret.secret<i1>) {
  %0:2 = secret.generic(%a: !secret.secret<i1>, %b: !secret.secret<i1>, %c: !secret.secret<i1>) {
  ^body(%x: i1, %y: i1, %z: i1):
    %s = comb.truth_table %x, %y, %z -> 150 : ui8
    %co = comb.truth_table %x, %y, %z -> 232 : ui8
    secret.yield %s, %co : i1, i1
  } -> (!secret.secret<i1>, !secret.secret<i1>)
  return %0#0, %0#1 : !secret.secret<i1>, !secret.secret<i1>
}
