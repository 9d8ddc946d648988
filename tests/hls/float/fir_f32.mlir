// FIR filter in f32: y[i] = sum_k h[k] * x[i + k] for 12 outputs of a 4-tap filter over 15
// inputs, each sum started at zero and kept in the taps' order (no fastmath).
func.func @fir_f32(%x: memref<15xf32>, %h: memref<4xf32>, %y: memref<12xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 12 {
    %s = affine.for %k = 0 to 4 iter_args(%acc = %z) -> (f32) {
      %c = affine.load %h[%k] : memref<4xf32>
      %v = affine.load %x[%i + %k] : memref<15xf32>
      %p = arith.mulf %c, %v : f32
      %n = arith.addf %acc, %p : f32
      affine.yield %n : f32
    }
    affine.store %s, %y[%i] : memref<12xf32>
  }
  return
}
