// Affine corner cases: an induction variable as a bound, repeated operands, 0-d and
// constant subscripts, negative bounds and coefficients, nested iter_args, symbols by
// position, old-style (d0, d1) names in maps, several results in max/min bounds.
#tri = affine_map<(d0) -> (d0 + 1)>
#sq = affine_map<(i, j)[n] -> (i * 2 + j, n - i)>
func.func @edge(%A: memref<16x16xi32>, %S: memref<i32>, %n: index, %m: index) -> i32 {
  %z = affine.load %S[] : memref<i32>
  %t = affine.for %i = -4 to 12 step 4 iter_args(%a0 = %z) -> (i32) {
    %u = affine.for %j = #tri(%i) to 16 iter_args(%a1 = %a0) -> (i32) {
      %v = affine.load %A[%i + %i, %j - %i * 3 + symbol(%n) - symbol(%n) + 2] : memref<16x16xi32>
      %w = arith.addi %a1, %v : i32
      affine.yield %w : i32
    }
    affine.yield %u : i32
  }
  affine.for %i = max #sq(%n, %m)[%n] to min #sq(%m, %n)[%m] {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to %n {
      affine.store %t, %A[%j mod 16, (%i * -2 + 7) floordiv 3] : memref<16x16xi32>
    }
  }
  affine.store %t, %S[] : memref<i32>
  %c = affine.apply affine_map<() -> (42)>()
  %d = affine.apply affine_map<()[s0, s1] -> (s1 - s0 ceildiv 4)>()[%n, %m]
  return %t : i32
}
