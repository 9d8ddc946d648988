// Index arithmetic wraps at 32 bits (SPEC section 4): `(d0 * 3) mod 5` on a large d0 is taken
// of the wrapped product, as mlir-cpu-runner computes with index-bitwidth=32 (the harness's
// lowering) and the circuit does (the interpreter used to evaluate maps in i64). Also
// floordiv, ceildiv by a power of two near the largest index (once wrapped in the circuit's
// `(x + k - 1) >> s`; its operand is kept off the most negative index, whose ceildiv
// lower-affine computes wrongly by negating it) and by 3, and `d0 * 2 - 1`.
#m = affine_map<(d0) -> ((d0 * 3) mod 5)>
#f = affine_map<(d0) -> ((d0 * 3) floordiv 5)>
#c = affine_map<(d0) -> ((d0 mod 1073741824 + 1073741823) ceildiv 4)>
#c3 = affine_map<(d0) -> ((d0 + 7) ceildiv 3)>
#l = affine_map<(d0) -> (d0 * 2 - 1)>
func.func @index_wrap(%a: memref<8xi32>, %o: memref<5x8xi32>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xi32>
    %d = arith.index_cast %x : i32 to index
    %r = affine.apply #m(%d)
    %q = affine.apply #f(%d)
    %e = affine.apply #c(%d)
    %e3 = affine.apply #c3(%d)
    %ri = arith.index_cast %r : index to i32
    %qi = arith.index_cast %q : index to i32
    %ei = arith.index_cast %e : index to i32
    %e3i = arith.index_cast %e3 : index to i32
    affine.store %ri, %o[0, %i] : memref<5x8xi32>
    affine.store %qi, %o[1, %i] : memref<5x8xi32>
    affine.store %ei, %o[2, %i] : memref<5x8xi32>
    affine.store %e3i, %o[3, %i] : memref<5x8xi32>
    %l = affine.apply #l(%d)
    %t = arith.index_cast %l : index to i32
    affine.store %t, %o[4, %i] : memref<5x8xi32>
  }
  return
}
