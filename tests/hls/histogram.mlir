// A histogram: data-dependent addresses (memref.load/store with a computed index) and a
// read-modify-write recurrence through memory.
func.func @hist(%d: memref<40xi8>, %h: memref<16xi32>) {
  %m = arith.constant 15 : i8
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 40 {
    %v = affine.load %d[%i] : memref<40xi8>
    %b = arith.andi %v, %m : i8
    %bi = arith.index_castui %b : i8 to index
    %c = memref.load %h[%bi] : memref<16xi32>
    %c1 = arith.addi %c, %one : i32
    memref.store %c1, %h[%bi] : memref<16xi32>
  }
  return
}
