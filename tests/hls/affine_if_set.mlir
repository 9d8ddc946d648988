// affine.if with an integer set over a dimension and a symbol, an else branch, and results.
#inside = affine_set<(d0)[s0] : (d0 - 2 >= 0, s0 - d0 - 1 >= 0, d0 mod 3 == 0)>
#even = affine_set<(d0) : (d0 mod 2 == 0)>
func.func @ifs(%x: memref<40xi32>, %y: memref<40xi32>, %k: i32) -> i32 {
  %k0 = arith.index_cast %k : i32 to index
  %c0 = arith.constant 0 : i32
  %r = affine.for %i = 0 to 40 iter_args(%cnt = %c0) -> (i32) {
    %v = affine.load %x[%i] : memref<40xi32>
    %w = affine.if #inside(%i)[%k0] -> i32 {
      %t = arith.muli %v, %v : i32
      affine.yield %t : i32
    } else {
      %e = arith.subi %c0, %v : i32
      affine.yield %e : i32
    }
    affine.store %w, %y[%i] : memref<40xi32>
    affine.if #even(%i) {
      %one = arith.constant 1 : i32
      %v1 = arith.addi %v, %one : i32
      affine.store %v1, %x[%i] : memref<40xi32>
    }
    %n = arith.addi %cnt, %w : i32
    affine.yield %n : i32
  }
  return %r : i32
}
