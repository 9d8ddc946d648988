// y = a * x + y in f32 with fastmath<reassoc> (one addition per element: nothing to
// reassociate, so every voice rounds the same), scf.for over index bounds, and a float
// scalar argument.
func.func @axpy_f32(%a: f32, %x: memref<12xf32>, %y: memref<12xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 12 : index
  scf.for %i = %c0 to %n step %c1 {
    %xv = memref.load %x[%i] : memref<12xf32>
    %yv = memref.load %y[%i] : memref<12xf32>
    %p = arith.mulf %a, %xv fastmath<reassoc> : f32
    %s = arith.addf %p, %yv fastmath<reassoc> : f32
    memref.store %s, %y[%i] : memref<12xf32>
  }
  return
}
