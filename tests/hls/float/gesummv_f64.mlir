// PolyBench-style gesummv in f64 on 6x6 matrices: y = alpha * A x + beta * B x, the two
// products summed side by side in carried values in the source's order (no fastmath).
func.func @gesummv_f64(%alpha: f64, %beta: f64, %A: memref<6x6xf64>, %B: memref<6x6xf64>, %x: memref<6xf64>, %y: memref<6xf64>) {
  %z = arith.constant 0.0 : f64
  affine.for %i = 0 to 6 {
    %t:2 = affine.for %j = 0 to 6 iter_args(%ta = %z, %tb = %z) -> (f64, f64) {
      %a = affine.load %A[%i, %j] : memref<6x6xf64>
      %b = affine.load %B[%i, %j] : memref<6x6xf64>
      %v = affine.load %x[%j] : memref<6xf64>
      %pa = arith.mulf %a, %v : f64
      %pb = arith.mulf %b, %v : f64
      %na = arith.addf %ta, %pa : f64
      %nb = arith.addf %tb, %pb : f64
      affine.yield %na, %nb : f64, f64
    }
    %ya = arith.mulf %alpha, %t#0 : f64
    %yb = arith.mulf %beta, %t#1 : f64
    %yi = arith.addf %ya, %yb : f64
    affine.store %yi, %y[%i] : memref<6xf64>
  }
  return
}
