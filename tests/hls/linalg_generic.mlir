// linalg.generic: an element-wise multiply-add with a transposed input and a row
// reduction (parallel + reduction iterators), and linalg.index in the body (generic form:
// it has no custom form in our reader).
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @generic(%a: memref<4x6xi32>, %b: memref<6x4xi32>, %c: memref<4x6xi32>, %r: memref<4xi32>) {
  linalg.generic {indexing_maps = [#id, #tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<4x6xi32>, memref<6x4xi32>) outs(%c : memref<4x6xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %p = arith.muli %x, %y : i32
    %j = "linalg.index"() <{dim = 1 : i64}> : () -> index
    %ji = arith.index_cast %j : index to i32
    %q = arith.addi %p, %ji : i32
    %s = arith.subi %q, %o : i32
    linalg.yield %s : i32
  }
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%c : memref<4x6xi32>) outs(%r : memref<4xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %m = arith.maxsi %x, %acc : i32
    linalg.yield %m : i32
  }
  return
}
