// linalg on f32: fill, matmul (C += A * B, products and sums in the loops' order),
// matvec, and a generic with a float body (maxnumf against the matmul's result, and a
// row-wise maximum reduction).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @linalg_f32(%A: memref<3x4xf32>, %B: memref<4x5xf32>, %C: memref<3x5xf32>, %v: memref<5xf32>, %y: memref<3xf32>, %m: memref<3xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x5xf32>)
  linalg.matmul ins(%A, %B : memref<3x4xf32>, memref<4x5xf32>) outs(%C : memref<3x5xf32>)
  linalg.matvec ins(%C, %v : memref<3x5xf32>, memref<5xf32>) outs(%y : memref<3xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%C : memref<3x5xf32>) outs(%m : memref<3xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %mx = arith.maximumf %x, %acc : f32
    linalg.yield %mx : f32
  }
  return
}
