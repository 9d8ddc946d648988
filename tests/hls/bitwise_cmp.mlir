// andi, ori, xori and cmpi with all ten predicates on i13, combined through select into a
// bit mask per element.
func.func @cmps(%a: memref<16xi13>, %b: memref<16xi13>, %o: memref<16xi13>, %m: memref<16xi16>) {
  affine.for %i = 0 to 16 {
    %x = affine.load %a[%i] : memref<16xi13>
    %y = affine.load %b[%i] : memref<16xi13>
    %and = arith.andi %x, %y : i13
    %or = arith.ori %x, %y : i13
    %xor = arith.xori %and, %or : i13
    affine.store %xor, %o[%i] : memref<16xi13>
    %p0 = arith.cmpi eq, %x, %y : i13
    %p1 = arith.cmpi ne, %x, %y : i13
    %p2 = arith.cmpi slt, %x, %y : i13
    %p3 = arith.cmpi sle, %x, %y : i13
    %p4 = arith.cmpi sgt, %x, %y : i13
    %p5 = arith.cmpi sge, %x, %y : i13
    %p6 = arith.cmpi ult, %x, %y : i13
    %p7 = arith.cmpi ule, %x, %y : i13
    %p8 = arith.cmpi ugt, %x, %y : i13
    %p9 = arith.cmpi uge, %x, %y : i13
    %z = arith.constant 0 : i16
    %b0 = arith.constant 1 : i16
    %b1 = arith.constant 2 : i16
    %b2 = arith.constant 4 : i16
    %b3 = arith.constant 8 : i16
    %b4 = arith.constant 16 : i16
    %b5 = arith.constant 32 : i16
    %b6 = arith.constant 64 : i16
    %b7 = arith.constant 128 : i16
    %b8 = arith.constant 256 : i16
    %b9 = arith.constant 512 : i16
    %s0 = arith.select %p0, %b0, %z : i16
    %s1 = arith.select %p1, %b1, %z : i16
    %s2 = arith.select %p2, %b2, %z : i16
    %s3 = arith.select %p3, %b3, %z : i16
    %s4 = arith.select %p4, %b4, %z : i16
    %s5 = arith.select %p5, %b5, %z : i16
    %s6 = arith.select %p6, %b6, %z : i16
    %s7 = arith.select %p7, %b7, %z : i16
    %s8 = arith.select %p8, %b8, %z : i16
    %s9 = arith.select %p9, %b9, %z : i16
    %t0 = arith.ori %s0, %s1 : i16
    %t1 = arith.ori %s2, %s3 : i16
    %t2 = arith.ori %s4, %s5 : i16
    %t3 = arith.ori %s6, %s7 : i16
    %t4 = arith.ori %s8, %s9 : i16
    %u0 = arith.ori %t0, %t1 : i16
    %u1 = arith.ori %t2, %t3 : i16
    %u2 = arith.ori %u0, %u1 : i16
    %u = arith.ori %u2, %t4 : i16
    affine.store %u, %m[%i] : memref<16xi16>
  }
  return
}
