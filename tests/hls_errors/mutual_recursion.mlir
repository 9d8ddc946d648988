// expect: recurs
func.func @even(%n: i32) -> i1 {
  %z = arith.constant 0 : i32
  %is0 = arith.cmpi eq, %n, %z : i32
  %r = scf.if %is0 -> (i1) {
    %t = arith.constant true
    scf.yield %t : i1
  } else {
    %one = arith.constant 1 : i32
    %m = arith.subi %n, %one : i32
    %o = func.call @odd(%m) : (i32) -> i1
    scf.yield %o : i1
  }
  return %r : i1
}
func.func @odd(%n: i32) -> i1 {
  %e = func.call @even(%n) : (i32) -> i1
  %t = arith.constant true
  %r = arith.xori %e, %t : i1
  return %r : i1
}
