// linalg.matmul on rectangular i32 matrices, accumulating into C.
func.func @lmm(%A: memref<3x5xi32>, %B: memref<5x4xi32>, %C: memref<3x4xi32>) {
  linalg.matmul ins(%A, %B : memref<3x5xi32>, memref<5x4xi32>) outs(%C : memref<3x4xi32>)
  return
}
