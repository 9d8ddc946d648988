// Bubble sort in place (signed i16): nested scf.for with a triangular bound computed from
// the outer induction variable, scf.if with a swap through memory.
func.func @sort(%a: memref<12xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c11 = arith.constant 11 : index
  scf.for %i = %c0 to %c11 step %c1 {
    %n = arith.subi %c11, %i : index
    scf.for %j = %c0 to %n step %c1 {
      %j1 = arith.addi %j, %c1 : index
      %x = memref.load %a[%j] : memref<12xi16>
      %y = memref.load %a[%j1] : memref<12xi16>
      %gt = arith.cmpi sgt, %x, %y : i16
      scf.if %gt {
        memref.store %y, %a[%j] : memref<12xi16>
        memref.store %x, %a[%j1] : memref<12xi16>
      }
    }
  }
  return
}
