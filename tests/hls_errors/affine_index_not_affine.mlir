// expect: valid dimension or symbol identifier
// mlir-opt's rule: an affine.load subscript computed by arith.muli inside the loop is
// neither a dimension nor a symbol of the function's affine scope.
func.func @k(%a: memref<64xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = affine.for %i = 0 to 8 iter_args(%acc = %c0) -> (i32) {
    %j = arith.muli %i, %n : index
    %x = affine.load %a[%j] : memref<64xi32>
    %s = arith.addi %acc, %x : i32
    affine.yield %s : i32
  }
  return %r : i32
}
