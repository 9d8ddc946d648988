// expect: dynamic
func.func @dyn(%a: memref<?x?xi32>, %i: index, %j: index) -> i32 {
  %x = memref.load %a[%i, %j] : memref<?x?xi32>
  return %x : i32
}
