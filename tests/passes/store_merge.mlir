// RUN: --pipeline --passes if-convert,store-merge --emit hls-ir
// store-merge after if-convert: the predicated stores of both sides of a branch to one
// address become one store (kernel: the unit test's in hls/src/transform/storemerge.rs).
func.func @k(%a: memref<8xi32>, %b: memref<8xi32>, %t: i32) {
  affine.for %i = 0 to 8 {
    %v = affine.load %a[%i] : memref<8xi32>
    %c = arith.cmpi sgt, %v, %t : i32
    %d = arith.cmpi eq, %v, %t : i32
    scf.if %c {
      affine.store %t, %b[%i] : memref<8xi32>
    } else {
      affine.store %v, %b[%i] : memref<8xi32>
    }
    scf.if %d {
      scf.if %c {
        affine.store %v, %a[%i] : memref<8xi32>
      } else {
        affine.store %t, %a[%i] : memref<8xi32>
      }
    }
    scf.if %c {
      affine.store %v, %a[%i + 1] : memref<8xi32>
    } else {
      affine.store %t, %a[%i] : memref<8xi32>
    }
  }
  return
}
