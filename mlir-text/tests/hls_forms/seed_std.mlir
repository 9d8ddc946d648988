// The seed documents' spelling (standard dialect, `func`, inline affine.apply maps);
// compared with std.today.mlir, its hand translation to today's spelling.
func @helper(%a: i32) -> i32 {
  %one = constant 1 : i32
  %r = addi %a, %one : i32
  return %r : i32
}
func @std(%a: i32, %b: i32, %w: i8, %i: index, %j: index) -> i32 {
  %c0 = constant 0 : index
  %k = constant -3 : i32
  %0 = addi %a, %b : i32
  %1 = subi %a, %b : i32
  %2 = muli %a, %k : i32
  %3 = divi_signed %a, %b : i32
  %4 = divi_unsigned %a, %b : i32
  %5 = remi_signed %a, %b : i32
  %6 = remi_unsigned %a, %b : i32
  %7 = and %a, %b : i32
  %8 = or %a, %b : i32
  %9 = xor %a, %b : i32
  %10 = shift_left %a, %b : i32
  %11 = shift_right_signed %a, %b : i32
  %12 = shift_right_unsigned %a, %b : i32
  %13 = sexti %w : i8 to i32
  %14 = zexti %w : i8 to i32
  %15 = trunci %a : i32 to i8
  %c = cmpi "slt", %0, %1 : i32
  %d = cmpi "uge", %0, %1 : i32
  %s = select %c, %2, %3 : i32
  %x = index_cast %i : index to i32
  %m = alloc() : memref<16xi32>
  %n = alloca() : memref<4x4xi32>
  store %s, %m[%i] : memref<16xi32>
  %v = load %m[%c0] : memref<16xi32>
  dealloc %m : memref<16xi32>
  %p = affine.apply (d0, d1) -> (3 * d0 + d1) (%i, %j)
  %q = affine.apply (d0)[s0] -> (d0 floordiv 2 + s0) (%p)[%j]
  %h = call @helper(%v) : (i32) -> i32
  cond_br %d, ^bb1(%h : i32), ^bb2
^bb1(%y: i32):
  br ^bb2
^bb2:
  return %s : i32
}
