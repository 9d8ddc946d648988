// memref forms in today's spelling.
func.func @mem(%A: memref<4x8xi16>, %i: index, %j: index, %n: index, %v: i16) -> i16 {
  %l = memref.alloc() : memref<32xi16>
  %a = memref.alloca() : memref<4x4xi8>
  %d = memref.alloc(%n) : memref<?xi32>
  %x = memref.load %A[%i, %j] : memref<4x8xi16>
  memref.store %x, %l[%j] : memref<32xi16>
  memref.store %v, %A[%j, %i] {nontemporal = false} : memref<4x8xi16>
  %y = memref.load %l[%i] : memref<32xi16>
  memref.dealloc %l : memref<32xi16>
  memref.dealloc %d : memref<?xi32>
  %f = memref.alloca() : memref<2xf32>
  %g = memref.load %f[%i] : memref<2xf32>
  return %y : i16
}
