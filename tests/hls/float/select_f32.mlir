// Comparisons and selects in f32: ordered and unordered predicates choose between the two
// inputs, the larger magnitude and a clamp; the compare bits are counted as an integer.
func.func @select_f32(%a: memref<12xf32>, %b: memref<12xf32>) -> i32 {
  %lo = arith.constant -2.5 : f32
  %c0 = arith.constant 0 : i32
  %r = affine.for %i = 0 to 12 iter_args(%n = %c0) -> (i32) {
    %x = affine.load %a[%i] : memref<12xf32>
    %y = affine.load %b[%i] : memref<12xf32>
    %lt = arith.cmpf olt, %x, %y : f32
    %m = arith.select %lt, %y, %x : f32
    %ax = math.absf %x : f32
    %ay = math.absf %y : f32
    %ge = arith.cmpf uge, %ax, %ay : f32
    %big = arith.select %ge, %x, %y : f32
    %low = arith.cmpf ult, %m, %lo : f32
    %c = arith.select %low, %lo, %m : f32
    affine.store %c, %a[%i] : memref<12xf32>
    affine.store %big, %b[%i] : memref<12xf32>
    %eq = arith.cmpf oeq, %x, %y : f32
    %ne = arith.cmpf une, %x, %y : f32
    %e = arith.extui %eq : i1 to i32
    %u = arith.extui %ne : i1 to i32
    %n1 = arith.addi %n, %e : i32
    %n2 = arith.addi %n1, %u : i32
    affine.yield %n2 : i32
  }
  return %r : i32
}
