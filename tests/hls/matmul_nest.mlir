// A triple affine loop nest, the innermost with an iter_args accumulator: C = A * B (i16).
func.func @mm(%A: memref<6x5xi16>, %B: memref<5x7xi16>, %C: memref<6x7xi16>) {
  %z = arith.constant 0 : i16
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 7 {
      %s = affine.for %k = 0 to 5 iter_args(%acc = %z) -> (i16) {
        %a = affine.load %A[%i, %k] : memref<6x5xi16>
        %b = affine.load %B[%k, %j] : memref<5x7xi16>
        %p = arith.muli %a, %b : i16
        %n = arith.addi %acc, %p : i16
        affine.yield %n : i16
      }
      affine.store %s, %C[%i, %j] : memref<6x7xi16>
    }
  }
  return
}
