// Element-wise i8 addition and subtraction into two outputs (wrapping at 8 bits).
func.func @vadd(%a: memref<32xi8>, %b: memref<32xi8>, %s: memref<32xi8>, %d: memref<32xi8>) {
  affine.for %i = 0 to 32 {
    %x = affine.load %a[%i] : memref<32xi8>
    %y = affine.load %b[%i] : memref<32xi8>
    %sum = arith.addi %x, %y : i8
    %dif = arith.subi %x, %y : i8
    affine.store %sum, %s[%i] : memref<32xi8>
    affine.store %dif, %d[%i] : memref<32xi8>
  }
  return
}
