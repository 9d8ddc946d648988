// Multi-block bodies with cf branches and block arguments; calls between functions.
func.func @callee(%x: i32, %y: i32) -> (i32, i32) {
  return %y, %x : i32, i32
}
func.func @noargs() {
  return
}
func.func @cfg(%a: i32, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^loop(%c0, %a : i32, i32)
^loop(%i: i32, %acc: i32):
  %done = arith.cmpi sge, %i, %n : i32
  cf.cond_br %done, ^exit(%acc : i32), ^body
^body:
  %r:2 = func.call @callee(%acc, %i) : (i32, i32) -> (i32, i32)
  call @noargs() : () -> ()
  %next = arith.addi %i, %c1 : i32
  cf.cond_br %done, ^loop(%next, %r#0 : i32, i32), ^loop(%next, %r#1 : i32, i32)
^exit(%res: i32):
  return %res : i32
}
