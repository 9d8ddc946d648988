// Affine access functions with floordiv, ceildiv, mod, a symbol and constants; affine.apply,
// affine.min and affine.max as values.
#fold = affine_map<(d0, d1) -> (d0 * 4 + d1)>
#sel = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0)>
#mn = affine_map<(d0) -> (d0 ceildiv 3, 7)>
#mx = affine_map<(d0) -> (d0 mod 5, 2)>
func.func @exprs(%a: memref<32xi32>, %b: memref<8x4xi32>, %o: memref<16xi32>) {
  %c3 = arith.constant 3 : index
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 4 {
      %f = affine.apply #fold(%i, %j)
      %v = affine.load %a[%f] : memref<32xi32>
      %w = affine.load %a[(%i * 4 + %j + 5) mod 32] : memref<32xi32>
      %s = arith.addi %v, %w : i32
      affine.store %s, %b[%i, %j] : memref<8x4xi32>
    }
  }
  affine.for %k = 0 to 16 {
    %x = affine.load %b[%k floordiv 2, %k mod 4] : memref<8x4xi32>
    %y = affine.load %a[%k ceildiv 2 + symbol(%c3)] : memref<32xi32>
    %lo = affine.min #mn(%k)
    %hi = affine.max #mx(%k)
    %lh = arith.addi %lo, %hi : index
    %z = memref.load %a[%lh] : memref<32xi32>
    %idx = affine.apply #sel(%k)[%c3]
    %q = affine.load %a[%idx] : memref<32xi32>
    %t0 = arith.addi %x, %y : i32
    %t1 = arith.addi %z, %q : i32
    %t = arith.subi %t0, %t1 : i32
    affine.store %t, %o[%k] : memref<16xi32>
  }
  return
}
