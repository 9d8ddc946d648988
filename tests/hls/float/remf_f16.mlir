// arith.remf in f16, in the seed's spelling (`remf`) and today's: r[i] = x[i] rem y[i] and
// the product x[i] * y[i] rem y[i], over f16's specials and subnormals (its worst case is
// 39 binades apart).
func.func @remf_f16(%x: memref<10xf16>, %y: memref<10xf16>, %r: memref<10xf16>) {
  affine.for %i = 0 to 10 {
    %a = affine.load %x[%i] : memref<10xf16>
    %b = affine.load %y[%i] : memref<10xf16>
    %m = remf %a, %b : f16
    affine.store %m, %r[%i] : memref<10xf16>
    %p = arith.mulf %a, %b : f16
    %q = arith.remf %p, %b : f16
    affine.store %q, %y[%i] : memref<10xf16>
  }
  return
}
