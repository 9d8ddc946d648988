// The seed documents' spelling: func, constant, addi, muli, cmpi "slt", select, index_cast,
// load, store, alloc, br, cond_br, call, return (the harness runs it through mlir-opt after
// translating the names; our reader takes it as written).
func @sq(%x: i32) -> i32 {
  %y = muli %x, %x : i32
  return %y : i32
}
func @seed(%a: memref<12xi32>, %o: memref<12xi32>, %lim: i32) -> i32 {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c12 = constant 12 : index
  %z = constant 0 : i32
  %t = alloc() : memref<12xi32>
  br ^head(%c0, %z : index, i32)
^head(%i: index, %acc: i32):
  %more = cmpi "slt", %i, %c12 : index
  cond_br %more, ^body, ^done
^body:
  %v = load %a[%i] : memref<12xi32>
  %small = cmpi "slt", %v, %lim : i32
  %w = select %small, %v, %lim : i32
  %ii = index_cast %i : index to i32
  %q = call @sq(%ii) : (i32) -> i32
  %s = addi %w, %q : i32
  store %s, %t[%i] : memref<12xi32>
  store %s, %o[%i] : memref<12xi32>
  %acc1 = addi %acc, %s : i32
  %i1 = addi %i, %c1 : index
  br ^head(%i1, %acc1 : index, i32)
^done:
  %l = load %t[%c0] : memref<12xi32>
  %r = addi %acc, %l : i32
  return %r : i32
}
