// Every division and remainder: divsi, divui, remsi, remui, ceildivsi, ceildivui,
// floordivsi. Divisors are masked to 1..127 and -127..-2 (no division by zero, no
// MIN / -1, which trap on x86). ceildivsi gets the dividend halved: mlir-opt's
// --arith-expand negates it, which overflows for the most negative value.
func.func @divs(%a: memref<24xi32>, %b: memref<24xi32>, %o: memref<7x24xi32>) {
  %m = arith.constant 127 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 24 {
    %x = affine.load %a[%i] : memref<24xi32>
    %y0 = affine.load %b[%i] : memref<24xi32>
    %y1 = arith.andi %y0, %m : i32
    %y = arith.ori %y1, %one : i32
    %y2 = arith.ori %y, %two : i32
    %ny = arith.subi %zero, %y2 : i32
    %q0 = arith.divsi %x, %y : i32
    %q1 = arith.divui %x, %y : i32
    %q2 = arith.remsi %x, %ny : i32
    %q3 = arith.remui %x, %y : i32
    %xh = arith.shrsi %x, %one : i32
    %q4 = arith.ceildivsi %xh, %y : i32
    %q5 = arith.ceildivui %x, %y : i32
    %q6 = arith.floordivsi %x, %ny : i32
    affine.store %q0, %o[0, %i] : memref<7x24xi32>
    affine.store %q1, %o[1, %i] : memref<7x24xi32>
    affine.store %q2, %o[2, %i] : memref<7x24xi32>
    affine.store %q3, %o[3, %i] : memref<7x24xi32>
    affine.store %q4, %o[4, %i] : memref<7x24xi32>
    affine.store %q5, %o[5, %i] : memref<7x24xi32>
    affine.store %q6, %o[6, %i] : memref<7x24xi32>
  }
  return
}
