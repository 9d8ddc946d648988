// linalg named ops on memrefs and linalg.generic, in today's spelling.
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @la(%A: memref<4x8xi32>, %B: memref<8x4xi32>, %C: memref<4x4xi32>, %x: memref<8xi32>,
              %y: memref<4xi32>, %s: memref<i32>, %v: i32, %I: memref<1x6x6x1xi32>, %K: memref<3x3x1x1xi32>,
              %O: memref<1x4x4x1xi32>, %img: memref<6x6xi32>, %ker: memref<3x3xi32>, %out: memref<4x4xi32>,
              %Cf: memref<8x8xf32>, %x8: memref<8xi8>) {
  linalg.matmul ins(%A, %B : memref<4x8xi32>, memref<8x4xi32>) outs(%C : memref<4x4xi32>)
  linalg.matvec ins(%A, %x : memref<4x8xi32>, memref<8xi32>) outs(%y : memref<4xi32>)
  linalg.dot ins(%x, %x : memref<8xi32>, memref<8xi32>) outs(%s : memref<i32>)
  linalg.fill ins(%v : i32) outs(%C : memref<4x4xi32>)
  linalg.copy ins(%y : memref<4xi32>) outs(%y : memref<4xi32>)
  linalg.conv_2d ins(%img, %ker : memref<6x6xi32>, memref<3x3xi32>) outs(%out : memref<4x4xi32>)
  linalg.generic {indexing_maps = [#id, #tr, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%C, %C : memref<4x4xi32>, memref<4x4xi32>) outs(%out : memref<4x4xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %t = arith.addi %a, %b : i32
    linalg.yield %t : i32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<4x8xi32>) outs(%y : memref<4xi32>) attrs = {hls.unroll = 2 : i64} {
  ^bb0(%a: i32, %o: i32):
    %t = arith.addi %a, %o : i32
    %k = linalg.index 1 : index
    %kc = arith.index_cast %k : index to i32
    %u = arith.addi %t, %kc : i32
    linalg.yield %u : i32
  }
  linalg.matmul ins(%B, %A : memref<8x4xi32>, memref<4x8xi32>) outs(%Cf : memref<8x8xf32>)
  linalg.dot ins(%x8, %x8 : memref<8xi8>, memref<8xi8>) outs(%s : memref<i32>)
  linalg.fill ins(%v : i32) outs(%Cf : memref<8x8xf32>)
  return
}
