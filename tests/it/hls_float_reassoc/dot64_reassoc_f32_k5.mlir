// The order `rmlir-hls --pipeline` (10 ns clock) computes tests/hls/float/dot64_reassoc_f32.mlir
// in, spelled out for mlir-cpu-runner: the f32 adder's recurrence spans 5 cycles, so the sum
// is split over k = 5 partial sums, rotated every iteration (partial j mod 5 takes element
// j), all starting at -0.0 (the identity of addf); after the loop a balanced tree over the
// source's initial value and the partials, neighbours pairwise level by level:
// ((init + p0) + (p1 + p2)) + (p3 + p4).
func.func @dot64_reassoc_f32(%a: memref<64xf32>, %b: memref<64xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %id = arith.constant -0.0 : f32
  %r:5 = affine.for %i = 0 to 64 iter_args(%q0 = %id, %q1 = %id, %q2 = %id, %q3 = %id, %q4 = %id)
      -> (f32, f32, f32, f32, f32) {
    %x = affine.load %a[%i] : memref<64xf32>
    %y = affine.load %b[%i] : memref<64xf32>
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %q0, %p : f32
    affine.yield %q1, %q2, %q3, %q4, %s : f32, f32, f32, f32, f32
  }
  %l0 = arith.addf %z, %r#0 : f32
  %l1 = arith.addf %r#1, %r#2 : f32
  %l2 = arith.addf %r#3, %r#4 : f32
  %m0 = arith.addf %l0, %l1 : f32
  %t = arith.addf %m0, %l2 : f32
  return %t : f32
}
