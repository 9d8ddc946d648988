// PolyBench-style mvt in f16 on a 6x6 matrix: x1 += A y1 and x2 += A^T y2, each sum started
// from the old x and kept in the source's order (no fastmath); f16 overflows to infinity soon.
func.func @mvt_f16(%A: memref<6x6xf16>, %x1: memref<6xf16>, %x2: memref<6xf16>, %y1: memref<6xf16>, %y2: memref<6xf16>) {
  affine.for %i = 0 to 6 {
    %x0 = affine.load %x1[%i] : memref<6xf16>
    %s = affine.for %j = 0 to 6 iter_args(%acc = %x0) -> (f16) {
      %a = affine.load %A[%i, %j] : memref<6x6xf16>
      %y = affine.load %y1[%j] : memref<6xf16>
      %p = arith.mulf %a, %y : f16
      %t = arith.addf %acc, %p : f16
      affine.yield %t : f16
    }
    affine.store %s, %x1[%i] : memref<6xf16>
  }
  affine.for %i = 0 to 6 {
    %x0 = affine.load %x2[%i] : memref<6xf16>
    %s = affine.for %j = 0 to 6 iter_args(%acc = %x0) -> (f16) {
      %a = affine.load %A[%j, %i] : memref<6x6xf16>
      %y = affine.load %y2[%j] : memref<6xf16>
      %p = arith.mulf %a, %y : f16
      %t = arith.addf %acc, %p : f16
      affine.yield %t : f16
    }
    affine.store %s, %x2[%i] : memref<6xf16>
  }
  return
}
