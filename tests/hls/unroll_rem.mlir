// Unrolling with a remainder: hls.unroll = 3 on 10 iterations (affine.for), and
// hls.unroll = 4 on an scf.for of 7 iterations; unroll factor larger than the trip count.
func.func @unroll_rem(%a: memref<10xi32>, %b: memref<10xi32>, %c: memref<7xi16>) -> i32 {
  %z = arith.constant 0 : i32
  %r = affine.for %i = 0 to 10 iter_args(%acc = %z) -> (i32) {
    %v = affine.load %a[%i] : memref<10xi32>
    %d = arith.subi %v, %acc : i32
    affine.store %d, %b[%i] : memref<10xi32>
    %n = arith.addi %acc, %v : i32
    affine.yield %n : i32
  } {hls.unroll = 3 : i64}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %k = arith.constant 3 : i16
  scf.for %j = %c0 to %c7 step %c1 {
    %v = memref.load %c[%j] : memref<7xi16>
    %w = arith.muli %v, %k : i16
    memref.store %w, %c[%j] : memref<7xi16>
  } {hls.unroll = 4 : i64}
  %r2 = affine.for %i = 0 to 5 iter_args(%acc = %r) -> (i32) {
    %v = affine.load %b[%i * 2] : memref<10xi32>
    %n = arith.xori %acc, %v : i32
    affine.yield %n : i32
  } {hls.unroll = 16 : i64}
  return %r2 : i32
}
