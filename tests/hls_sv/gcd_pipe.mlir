// RUN: %s --emit verilog --pipeline
// A pipelined loop beside a while loop: PIPE states and BODY states, each named.
func.func @gcd_pipe(%a: memref<16xi16>, %x: i8, %y: i8) -> (i8, i16) {
  %g:2 = scf.while (%u = %x, %v = %y) : (i8, i8) -> (i8, i8) {
    %zero = arith.constant 0 : i8
    %more = arith.cmpi ne, %v, %zero : i8
    scf.condition(%more) %u, %v : i8, i8
  } do {
  ^bb0(%u: i8, %v: i8):
    %r = arith.remui %u, %v : i8
    scf.yield %v, %r : i8, i8
  }
  %z = arith.constant 0 : i16
  %s = affine.for %i = 0 to 16 iter_args(%acc = %z) -> (i16) {
    %e = affine.load %a[%i] : memref<16xi16>
    %n = arith.addi %acc, %e : i16
    affine.yield %n : i16
  }
  return %g#0, %s : i8, i16
}
