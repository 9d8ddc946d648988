// shli, shrsi, shrui on i16 with amounts masked below the width (larger amounts are poison
// in MLIR), and on i64 with a constant amount.
func.func @shifts(%a: memref<20xi16>, %n: memref<20xi16>, %o: memref<3x20xi16>, %w: i64) -> i64 {
  %m = arith.constant 15 : i16
  affine.for %i = 0 to 20 {
    %x = affine.load %a[%i] : memref<20xi16>
    %k0 = affine.load %n[%i] : memref<20xi16>
    %k = arith.andi %k0, %m : i16
    %l = arith.shli %x, %k : i16
    %r = arith.shrsi %x, %k : i16
    %u = arith.shrui %x, %k : i16
    affine.store %l, %o[0, %i] : memref<3x20xi16>
    affine.store %r, %o[1, %i] : memref<3x20xi16>
    affine.store %u, %o[2, %i] : memref<3x20xi16>
  }
  %c37 = arith.constant 37 : i64
  %c5 = arith.constant 5 : i64
  %h = arith.shrsi %w, %c37 : i64
  %g = arith.shli %w, %c5 : i64
  %x = arith.xori %h, %g : i64
  return %x : i64
}
