// func.call of other functions in the file: a scalar helper called twice, and a helper
// that works on a memref passed down.
func.func @mac(%a: i32, %b: i32, %c: i32) -> i32 {
  %p = arith.muli %a, %b : i32
  %s = arith.addi %p, %c : i32
  return %s : i32
}
func.func @scale(%m: memref<8xi32>, %k: i32) {
  affine.for %i = 0 to 8 {
    %v = affine.load %m[%i] : memref<8xi32>
    %w = arith.muli %v, %k : i32
    affine.store %w, %m[%i] : memref<8xi32>
  }
  return
}
func.func @calls(%m: memref<8xi32>, %x: i32, %y: i32) -> i32 {
  %r1 = func.call @mac(%x, %y, %x) : (i32, i32, i32) -> i32
  %r2 = func.call @mac(%r1, %r1, %y) : (i32, i32, i32) -> i32
  %c3 = arith.constant 3 : i32
  func.call @scale(%m, %c3) : (memref<8xi32>, i32) -> ()
  return %r2 : i32
}
