// A 3x3 convolution layer in f32 written as loops: O = relu(bias + sum_{u,v} I[i+u][j+v] *
// K[u][v]) on a 6x6 input, the sum started from the bias, relu as maximumf with +0
// (NaN propagates, -0 gives +0).
func.func @conv2d_relu_f32(%bias: f32, %I: memref<6x6xf32>, %K: memref<3x3xf32>, %O: memref<4x4xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %s = affine.for %u = 0 to 3 iter_args(%acc = %bias) -> (f32) {
        %r = affine.for %v = 0 to 3 iter_args(%a2 = %acc) -> (f32) {
          %x = affine.load %I[%i + %u, %j + %v] : memref<6x6xf32>
          %k = affine.load %K[%u, %v] : memref<3x3xf32>
          %p = arith.mulf %x, %k : f32
          %n = arith.addf %a2, %p : f32
          affine.yield %n : f32
        }
        affine.yield %r : f32
      }
      %o = arith.maximumf %s, %z : f32
      affine.store %o, %O[%i, %j] : memref<4x4xf32>
    }
  }
  return
}
