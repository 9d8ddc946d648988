// RUN: --pipeline --passes while-fuse --emit hls-ir
// while-fuse: the while body runs beside its condition (kernel: tests/hls/scf_while.mlir).
// scf.while: a bounded Collatz step count per element and Euclid's gcd (unsigned, divisor
// made non-zero), both with a before region that computes the condition.
func.func @whiles(%a: memref<16xi16>, %steps: memref<16xi16>, %x: i16, %y: i16) -> i16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %z = arith.constant 0 : i16
  %one = arith.constant 1 : i16
  %three = arith.constant 3 : i16
  %cap = arith.constant 40 : i16
  %mask = arith.constant 1023 : i16
  scf.for %i = %c0 to %c16 step %c1 {
    %v0 = memref.load %a[%i] : memref<16xi16>
    %v1 = arith.andi %v0, %mask : i16
    %v = arith.ori %v1, %one : i16
    %r:2 = scf.while (%n = %v, %k = %z) : (i16, i16) -> (i16, i16) {
      %not1 = arith.cmpi ne, %n, %one : i16
      %room = arith.cmpi ult, %k, %cap : i16
      %go = arith.andi %not1, %room : i1
      scf.condition(%go) %n, %k : i16, i16
    } do {
    ^bb0(%n: i16, %k: i16):
      %bit = arith.andi %n, %one : i16
      %odd = arith.cmpi eq, %bit, %one : i16
      %half = arith.shrui %n, %one : i16
      %t = arith.muli %n, %three : i16
      %t1 = arith.addi %t, %one : i16
      %next = arith.select %odd, %t1, %half : i16
      %k1 = arith.addi %k, %one : i16
      scf.yield %next, %k1 : i16, i16
    }
    memref.store %r#1, %steps[%i] : memref<16xi16>
  }
  %y1 = arith.ori %y, %one : i16
  %g:2 = scf.while (%p = %x, %q = %y1) : (i16, i16) -> (i16, i16) {
    %nz = arith.cmpi ne, %q, %z : i16
    scf.condition(%nz) %p, %q : i16, i16
  } do {
  ^bb0(%p: i16, %q: i16):
    %m = arith.remui %p, %q : i16
    scf.yield %q, %m : i16, i16
  }
  return %g#0 : i16
}
