// Local memories: a memref.alloc buffer (prefix sums, written then read back reversed)
// and a memref.alloca scratch array, freed with memref.dealloc.
func.func @local_ram(%a: memref<16xi32>, %o: memref<16xi32>) -> i32 {
  %buf = memref.alloc() : memref<16xi32>
  %tmp = memref.alloca() : memref<4xi32>
  %z = arith.constant 0 : i32
  %last = affine.for %i = 0 to 16 iter_args(%s = %z) -> (i32) {
    %v = affine.load %a[%i] : memref<16xi32>
    %n = arith.addi %s, %v : i32
    affine.store %n, %buf[%i] : memref<16xi32>
    affine.yield %n : i32
  }
  affine.for %i = 0 to 4 {
    affine.store %z, %tmp[%i] : memref<4xi32>
  }
  affine.for %i = 0 to 16 {
    %v = affine.load %buf[15 - %i] : memref<16xi32>
    affine.store %v, %o[%i] : memref<16xi32>
    %t = affine.load %tmp[%i mod 4] : memref<4xi32>
    %t1 = arith.xori %t, %v : i32
    affine.store %t1, %tmp[%i mod 4] : memref<4xi32>
  }
  %x = affine.load %tmp[1] : memref<4xi32>
  %r = arith.addi %x, %last : i32
  memref.dealloc %buf : memref<16xi32>
  return %r : i32
}
