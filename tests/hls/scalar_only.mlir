// No memories: scalar arguments and several results (a straight-line datapath with
// independent operations, and an i1 result).
func.func @scalars(%a: i32, %b: i32, %c: i16, %d: i8) -> (i32, i16, i1, i8) {
  %p = arith.muli %a, %b : i32
  %s = arith.addi %a, %b : i32
  %x = arith.xori %p, %s : i32
  %ce = arith.extsi %c : i16 to i32
  %y = arith.subi %x, %ce : i32
  %ct = arith.trunci %a : i32 to i16
  %z = arith.addi %ct, %c : i16
  %lt = arith.cmpi ult, %a, %b : i32
  %de = arith.extui %d : i8 to i16
  %m = arith.muli %z, %de : i16
  %dd = arith.trunci %m : i16 to i8
  %w = arith.maxui %dd, %d : i8
  return %y, %m, %lt, %w : i32, i16, i1, i8
}
