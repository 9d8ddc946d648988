// Element-wise f16 and bf16: products, differences, quotients and maxnum, with hexadecimal
// constants given as bit patterns (0x3C00 = 1.0 in f16, 0x4000 = 2.0 in bf16).
func.func @half_bf16(%a: memref<10xf16>, %b: memref<10xf16>, %c: memref<10xbf16>, %d: memref<10xbf16>) {
  %one = arith.constant 0x3C00 : f16
  %two = arith.constant 0x4000 : bf16
  affine.for %i = 0 to 10 {
    %x = affine.load %a[%i] : memref<10xf16>
    %y = affine.load %b[%i] : memref<10xf16>
    %p = arith.mulf %x, %y : f16
    %q = arith.subf %p, %one : f16
    %m = arith.maxnumf %q, %x : f16
    affine.store %m, %a[%i] : memref<10xf16>
    %u = affine.load %c[%i] : memref<10xbf16>
    %v = affine.load %d[%i] : memref<10xbf16>
    %w = arith.divf %u, %v : bf16
    %t = arith.addf %w, %two : bf16
    affine.store %t, %c[%i] : memref<10xbf16>
  }
  return
}
