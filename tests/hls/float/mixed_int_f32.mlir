// Mixed integer and float: an i16 histogram-like mean. The loop counter and the i16 samples
// become f32 through sitofp; y[i] = x[i] * float(i) + float(n[i]) over float data with
// specials; the mean of the i16 samples (always in i32 range) goes back with fptosi, and an
// integer count of the y that compare greater than the mean is carried as an i32.
func.func @mixed_int_f32(%n: memref<8xi16>, %x: memref<8xf32>, %y: memref<8xf32>) -> (i32, i32) {
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %eight = arith.constant 8.0 : f32
  %sum = affine.for %i = 0 to 8 iter_args(%acc = %z) -> (f32) {
    %k = affine.load %n[%i] : memref<8xi16>
    %kf = arith.sitofp %k : i16 to f32
    %s = arith.addf %acc, %kf : f32
    affine.yield %s : f32
  }
  %mean = arith.divf %sum, %eight : f32
  %mi = arith.fptosi %mean : f32 to i32
  %cnt = affine.for %i = 0 to 8 iter_args(%c = %c0) -> (i32) {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = affine.load %x[%i] : memref<8xf32>
    %k = affine.load %n[%i] : memref<8xi16>
    %kf = arith.sitofp %k : i16 to f32
    %p = arith.mulf %v, %fi : f32
    %w = arith.addf %p, %kf : f32
    affine.store %w, %y[%i] : memref<8xf32>
    %gt = arith.cmpf ogt, %w, %mean : f32
    %inc = arith.select %gt, %c1, %c0 : i32
    %nc = arith.addi %c, %inc : i32
    affine.yield %nc : i32
  }
  return %mi, %cnt : i32, i32
}
