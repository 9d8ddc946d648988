// expect: math.exp
func.func @softplus(%a: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xf32>
    %e = math.exp %x : f32
    affine.store %e, %a[%i] : memref<8xf32>
  }
  return
}
