// Bound maps with several results (max of lower bounds, min of upper bounds), a step, and a
// symbolic upper bound from a scalar argument; a triangular inner loop.
#lb = affine_map<(d0) -> (0, d0 - 3)>
#tri = affine_map<(d0) -> (d0 floordiv 4)>
#ub = affine_map<(d0)[s0] -> (d0 + 4, s0, 24)>
func.func @minmax(%a: memref<24xi32>, %out: memref<24xi32>, %n: i32) -> i32 {
  %n0 = arith.index_cast %n : i32 to index
  %c0 = arith.constant 0 : i32
  %r = affine.for %i = 0 to 24 step 3 iter_args(%t = %c0) -> (i32) {
    %s = affine.for %j = max #lb(%i) to min #ub(%i)[%n0] iter_args(%acc = %c0) -> (i32) {
      %v = affine.load %a[%j] : memref<24xi32>
      %x = arith.addi %acc, %v : i32
      affine.yield %x : i32
    }
    affine.store %s, %out[%i] : memref<24xi32>
    %u = arith.addi %t, %s : i32
    affine.yield %u : i32
  }
  affine.for %j = 0 to 24 {
    affine.for %k = 0 to #tri(%j) {
      %v = affine.load %out[%k] : memref<24xi32>
      %jv = arith.index_cast %j : index to i32
      %w = arith.xori %v, %jv : i32
      affine.store %w, %out[%k] : memref<24xi32>
    }
  }
  return %r : i32
}
