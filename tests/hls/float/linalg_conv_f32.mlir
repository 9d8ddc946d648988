// linalg on f32, the rest of the named ops: conv_2d (products summed in the loops' order),
// dot into a rank-0 memref, copy, and a generic whose body mixes minnumf and a compare.
#id = affine_map<(d0) -> (d0)>
func.func @linalg_conv_f32(%I: memref<5x5xf32>, %F: memref<2x2xf32>, %O: memref<4x4xf32>, %u: memref<6xf32>, %w: memref<6xf32>, %d: memref<f32>, %c: memref<6xf32>) {
  linalg.conv_2d ins(%I, %F : memref<5x5xf32>, memref<2x2xf32>) outs(%O : memref<4x4xf32>)
  linalg.dot ins(%u, %w : memref<6xf32>, memref<6xf32>) outs(%d : memref<f32>)
  linalg.copy ins(%u : memref<6xf32>) outs(%c : memref<6xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%w : memref<6xf32>) outs(%c : memref<6xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.minnumf %x, %o : f32
    %lt = arith.cmpf ult, %m, %o : f32
    %r = arith.select %lt, %m, %x : f32
    linalg.yield %r : f32
  }
  return
}
