// expect: recurs
func.func @fact(%n: i32) -> i32 {
  %one = arith.constant 1 : i32
  %le = arith.cmpi sle, %n, %one : i32
  %r = scf.if %le -> (i32) {
    scf.yield %one : i32
  } else {
    %m = arith.subi %n, %one : i32
    %f = func.call @fact(%m) : (i32) -> i32
    %p = arith.muli %n, %f : i32
    scf.yield %p : i32
  }
  return %r : i32
}
