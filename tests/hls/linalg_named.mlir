// Named linalg ops on memrefs: fill, copy, matvec and dot (a rank-0 output).
func.func @named(%A: memref<5x7xi32>, %x: memref<7xi32>, %y: memref<5xi32>, %u: memref<7xi32>, %d: memref<i32>, %buf: memref<7xi32>) {
  %c2 = arith.constant 2 : i32
  linalg.fill ins(%c2 : i32) outs(%y : memref<5xi32>)
  linalg.matvec ins(%A, %x : memref<5x7xi32>, memref<7xi32>) outs(%y : memref<5xi32>)
  linalg.copy ins(%x : memref<7xi32>) outs(%buf : memref<7xi32>)
  linalg.dot ins(%buf, %u : memref<7xi32>, memref<7xi32>) outs(%d : memref<i32>)
  return
}
