// PolyBench-style seidel-2d in f32: 2 time steps of the in-place nine-point average on a
// 6x6 grid (each update reads the values just written), summed row by row, divided by 9.
func.func @seidel_2d_f32(%A: memref<6x6xf32>) {
  %nine = arith.constant 9.0 : f32
  affine.for %t = 0 to 2 {
    affine.for %i = 1 to 5 {
      affine.for %j = 1 to 5 {
        %a0 = affine.load %A[%i - 1, %j - 1] : memref<6x6xf32>
        %a1 = affine.load %A[%i - 1, %j] : memref<6x6xf32>
        %a2 = affine.load %A[%i - 1, %j + 1] : memref<6x6xf32>
        %a3 = affine.load %A[%i, %j - 1] : memref<6x6xf32>
        %a4 = affine.load %A[%i, %j] : memref<6x6xf32>
        %a5 = affine.load %A[%i, %j + 1] : memref<6x6xf32>
        %a6 = affine.load %A[%i + 1, %j - 1] : memref<6x6xf32>
        %a7 = affine.load %A[%i + 1, %j] : memref<6x6xf32>
        %a8 = affine.load %A[%i + 1, %j + 1] : memref<6x6xf32>
        %s1 = arith.addf %a0, %a1 : f32
        %s2 = arith.addf %s1, %a2 : f32
        %s3 = arith.addf %s2, %a3 : f32
        %s4 = arith.addf %s3, %a4 : f32
        %s5 = arith.addf %s4, %a5 : f32
        %s6 = arith.addf %s5, %a6 : f32
        %s7 = arith.addf %s6, %a7 : f32
        %s8 = arith.addf %s7, %a8 : f32
        %v = arith.divf %s8, %nine : f32
        affine.store %v, %A[%i, %j] : memref<6x6xf32>
      }
    }
  }
  return
}
