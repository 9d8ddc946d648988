// expect: tanh
func @act(%a: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %x = load %a[%i] : memref<4xf32>
    %t = tanh %x : f32
    store %t, %a[%i] : memref<4xf32>
  }
  return
}
