// A 2-D five-point stencil on the interior of a 10x10 grid, with affine bounds offset
// from the edges and a boundary copy guarded by an affine.if.
#border = affine_set<(d0, d1) : (d0 >= 0, d0 == 0, d1 >= 0)>
func.func @st2d(%g: memref<10x10xi32>, %o: memref<10x10xi32>) {
  affine.for %i = 1 to 9 {
    affine.for %j = 1 to 9 {
      %c = affine.load %g[%i, %j] : memref<10x10xi32>
      %n = affine.load %g[%i - 1, %j] : memref<10x10xi32>
      %s = affine.load %g[%i + 1, %j] : memref<10x10xi32>
      %w = affine.load %g[%i, %j - 1] : memref<10x10xi32>
      %e = affine.load %g[%i, %j + 1] : memref<10x10xi32>
      %a0 = arith.addi %n, %s : i32
      %a1 = arith.addi %w, %e : i32
      %a2 = arith.addi %a0, %a1 : i32
      %four = arith.constant 4 : i32
      %c4 = arith.muli %c, %four : i32
      %r = arith.subi %a2, %c4 : i32
      affine.store %r, %o[%i, %j] : memref<10x10xi32>
    }
  }
  affine.for %k = 0 to 10 {
    affine.if #border(%k, %k) {
      %v = affine.load %g[%k, 0] : memref<10x10xi32>
      affine.store %v, %o[%k, 9] : memref<10x10xi32>
    }
  }
  return
}
