// ReLU and a clamp in the seed's spelling: cmpf "olt" / "ogt", select, constant, load,
// store, addf, mulf (an unordered compare sends NaN to the chosen side).
func @relu_seed(%a: memref<16xf32>, %b: memref<16xf32>) {
  %zero = constant 0.0 : f32
  %cap = constant 6.0 : f32
  affine.for %i = 0 to 16 {
    %x = load %a[%i] : memref<16xf32>
    %neg = cmpf "olt", %x, %zero : f32
    %r = select %neg, %zero, %x : f32
    %big = cmpf "ugt", %r, %cap : f32
    %c = select %big, %cap, %r : f32
    %y = load %b[%i] : memref<16xf32>
    %s = mulf %c, %y : f32
    %t = addf %s, %c : f32
    store %t, %b[%i] : memref<16xf32>
  }
  return
}
