// Today's spelling of seed_std.mlir.
func.func @helper(%a: i32) -> i32 {
  %one = arith.constant 1 : i32
  %r = arith.addi %a, %one : i32
  func.return %r : i32
}
func.func @std(%a: i32, %b: i32, %w: i8, %i: index, %j: index) -> i32 {
  %c0 = arith.constant 0 : index
  %k = arith.constant -3 : i32
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %k : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.remui %a, %b : i32
  %7 = arith.andi %a, %b : i32
  %8 = arith.ori %a, %b : i32
  %9 = arith.xori %a, %b : i32
  %10 = arith.shli %a, %b : i32
  %11 = arith.shrsi %a, %b : i32
  %12 = arith.shrui %a, %b : i32
  %13 = arith.extsi %w : i8 to i32
  %14 = arith.extui %w : i8 to i32
  %15 = arith.trunci %a : i32 to i8
  %c = arith.cmpi slt, %0, %1 : i32
  %d = arith.cmpi uge, %0, %1 : i32
  %s = arith.select %c, %2, %3 : i32
  %x = arith.index_cast %i : index to i32
  %m = memref.alloc() : memref<16xi32>
  %n = memref.alloca() : memref<4x4xi32>
  memref.store %s, %m[%i] : memref<16xi32>
  %v = memref.load %m[%c0] : memref<16xi32>
  memref.dealloc %m : memref<16xi32>
  %p = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1)>(%i, %j)
  %q = affine.apply affine_map<(d0)[s0] -> (d0 floordiv 2 + s0)>(%p)[%j]
  %h = func.call @helper(%v) : (i32) -> i32
  cf.cond_br %d, ^bb1(%h : i32), ^bb2
^bb1(%y: i32):
  cf.br ^bb2
^bb2:
  func.return %s : i32
}
