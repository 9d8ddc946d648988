// hls.pipeline on a body with a variable multiply (a two-cycle path at 10 ns) and a
// sequential divider (17 cycles for 16 bits): the II is the divider's busy time. Divisors
// are forced odd (never 0).
func.func @pipe_mul_div(%a: memref<24xi16>, %b: memref<24xi16>, %o: memref<24xi16>, %p: memref<24xi32>) {
  %one = arith.constant 1 : i16
  affine.for %i = 0 to 24 {
    %x = affine.load %a[%i] : memref<24xi16>
    %y = affine.load %b[%i] : memref<24xi16>
    %d = arith.ori %y, %one : i16
    %q = arith.divui %x, %d : i16
    %x32 = arith.extsi %x : i16 to i32
    %y32 = arith.extsi %y : i16 to i32
    %m = arith.muli %x32, %y32 : i32
    affine.store %q, %o[%i] : memref<24xi16>
    affine.store %m, %p[%i] : memref<24xi32>
  } {hls.pipeline}
  return
}
