// Division and remainder by constants of every kind (rewritten to shifts, masks and magic
// multiplies, hls/src/transform/constdiv.rs): powers of two, odd, even non-powers, negative
// divisors for signed ops, 1, the all-ones pattern, the most negative value, divisors above
// half the range, floordivsi/ceildivsi/ceildivui and affine floordiv/ceildiv/mod, at 8, 32
// and 64 bits. MIN / -1 traps on x86, so -1 divides the halved dividend; ceildivsi gets the
// halved dividend too (mlir-opt's --arith-expand negates it). The affine map gets the dividend
// shifted right by 4, so that d0 * 3 cannot wrap (index is 64 bits for mlir-cpu-runner).
func.func @const_div(%a: memref<12xi32>, %b: memref<12xi64>, %c: memref<12xi8>, %o32: memref<28x12xi32>, %o64: memref<12x12xi64>, %o8: memref<9x12xi8>) {
  %ki32_m2147483648 = arith.constant -2147483648 : i32
  %ki32_m2147483647 = arith.constant -2147483647 : i32
  %ki32_m16 = arith.constant -16 : i32
  %ki32_m7 = arith.constant -7 : i32
  %ki32_m6 = arith.constant -6 : i32
  %ki32_m4 = arith.constant -4 : i32
  %ki32_m1 = arith.constant -1 : i32
  %ki32_1 = arith.constant 1 : i32
  %ki32_3 = arith.constant 3 : i32
  %ki32_4 = arith.constant 4 : i32
  %ki32_5 = arith.constant 5 : i32
  %ki32_6 = arith.constant 6 : i32
  %ki32_7 = arith.constant 7 : i32
  %ki32_8 = arith.constant 8 : i32
  %ki32_10 = arith.constant 10 : i32
  %ki32_12 = arith.constant 12 : i32
  %ki32_16 = arith.constant 16 : i32
  %ki32_64 = arith.constant 64 : i32
  %ki64_m9223372036854775808 = arith.constant -9223372036854775808 : i64
  %ki64_m3 = arith.constant -3 : i64
  %ki64_m1 = arith.constant -1 : i64
  %ki64_1 = arith.constant 1 : i64
  %ki64_6 = arith.constant 6 : i64
  %ki64_7 = arith.constant 7 : i64
  %ki64_10 = arith.constant 10 : i64
  %ki64_1000 = arith.constant 1000 : i64
  %ki64_4294967311 = arith.constant 4294967311 : i64
  %ki64_1099511627791 = arith.constant 1099511627791 : i64
  %ki8_m128 = arith.constant -128 : i8
  %ki8_m5 = arith.constant -5 : i8
  %ki8_3 = arith.constant 3 : i8
  %ki8_5 = arith.constant 5 : i8
  %ki8_7 = arith.constant 7 : i8
  %ki8_127 = arith.constant 127 : i8
  %ki8_255 = arith.constant 255 : i8
  affine.for %i = 0 to 12 {
    %x = affine.load %a[%i] : memref<12xi32>
    %xh = arith.shrsi %x, %ki32_1 : i32
    %y = affine.load %b[%i] : memref<12xi64>
    %yh = arith.shrsi %y, %ki64_1 : i64
    %z = affine.load %c[%i] : memref<12xi8>
    %q0 = arith.divui %x, %ki32_3 : i32
    affine.store %q0, %o32[0, %i] : memref<28x12xi32>
    %q1 = arith.divui %x, %ki32_7 : i32
    affine.store %q1, %o32[1, %i] : memref<28x12xi32>
    %q2 = arith.divui %x, %ki32_10 : i32
    affine.store %q2, %o32[2, %i] : memref<28x12xi32>
    %q3 = arith.divui %x, %ki32_16 : i32
    affine.store %q3, %o32[3, %i] : memref<28x12xi32>
    %q4 = arith.divui %x, %ki32_1 : i32
    affine.store %q4, %o32[4, %i] : memref<28x12xi32>
    %q5 = arith.divui %x, %ki32_m1 : i32
    affine.store %q5, %o32[5, %i] : memref<28x12xi32>
    %q6 = arith.divui %x, %ki32_m2147483647 : i32
    affine.store %q6, %o32[6, %i] : memref<28x12xi32>
    %q7 = arith.divsi %x, %ki32_3 : i32
    affine.store %q7, %o32[7, %i] : memref<28x12xi32>
    %q8 = arith.divsi %x, %ki32_m7 : i32
    affine.store %q8, %o32[8, %i] : memref<28x12xi32>
    %q9 = arith.divsi %x, %ki32_6 : i32
    affine.store %q9, %o32[9, %i] : memref<28x12xi32>
    %q10 = arith.divsi %x, %ki32_16 : i32
    affine.store %q10, %o32[10, %i] : memref<28x12xi32>
    %q11 = arith.divsi %x, %ki32_m16 : i32
    affine.store %q11, %o32[11, %i] : memref<28x12xi32>
    %q12 = arith.divsi %x, %ki32_1 : i32
    affine.store %q12, %o32[12, %i] : memref<28x12xi32>
    %q13 = arith.divsi %x, %ki32_m2147483648 : i32
    affine.store %q13, %o32[13, %i] : memref<28x12xi32>
    %q14 = arith.divsi %xh, %ki32_m1 : i32
    affine.store %q14, %o32[14, %i] : memref<28x12xi32>
    %q15 = arith.remsi %x, %ki32_7 : i32
    affine.store %q15, %o32[15, %i] : memref<28x12xi32>
    %q16 = arith.remsi %x, %ki32_m6 : i32
    affine.store %q16, %o32[16, %i] : memref<28x12xi32>
    %q17 = arith.remsi %x, %ki32_8 : i32
    affine.store %q17, %o32[17, %i] : memref<28x12xi32>
    %q18 = arith.remsi %xh, %ki32_m1 : i32
    affine.store %q18, %o32[18, %i] : memref<28x12xi32>
    %q19 = arith.remui %x, %ki32_7 : i32
    affine.store %q19, %o32[19, %i] : memref<28x12xi32>
    %q20 = arith.remui %x, %ki32_12 : i32
    affine.store %q20, %o32[20, %i] : memref<28x12xi32>
    %q21 = arith.remui %x, %ki32_1 : i32
    affine.store %q21, %o32[21, %i] : memref<28x12xi32>
    %q22 = arith.remui %x, %ki32_64 : i32
    affine.store %q22, %o32[22, %i] : memref<28x12xi32>
    %q23 = arith.floordivsi %x, %ki32_5 : i32
    affine.store %q23, %o32[23, %i] : memref<28x12xi32>
    %q24 = arith.floordivsi %x, %ki32_m4 : i32
    affine.store %q24, %o32[24, %i] : memref<28x12xi32>
    %q25 = arith.ceildivui %x, %ki32_6 : i32
    affine.store %q25, %o32[25, %i] : memref<28x12xi32>
    %q26 = arith.ceildivsi %xh, %ki32_3 : i32
    affine.store %q26, %o32[26, %i] : memref<28x12xi32>
    %xs = arith.shrsi %x, %ki32_4 : i32
    %xa = arith.index_cast %xs : i32 to index
    %af = affine.apply affine_map<(d0) -> (d0 floordiv 7 + d0 ceildiv 12 + d0 mod 10 + (d0 * 3) mod 5)>(%xa)
    %ai = arith.index_cast %af : index to i32
    affine.store %ai, %o32[27, %i] : memref<28x12xi32>
    %w0 = arith.divui %y, %ki64_7 : i64
    affine.store %w0, %o64[0, %i] : memref<12x12xi64>
    %w1 = arith.divui %y, %ki64_10 : i64
    affine.store %w1, %o64[1, %i] : memref<12x12xi64>
    %w2 = arith.divui %y, %ki64_1000 : i64
    affine.store %w2, %o64[2, %i] : memref<12x12xi64>
    %w3 = arith.divui %y, %ki64_m1 : i64
    affine.store %w3, %o64[3, %i] : memref<12x12xi64>
    %w4 = arith.divsi %y, %ki64_m3 : i64
    affine.store %w4, %o64[4, %i] : memref<12x12xi64>
    %w5 = arith.divsi %y, %ki64_6 : i64
    affine.store %w5, %o64[5, %i] : memref<12x12xi64>
    %w6 = arith.divsi %y, %ki64_m9223372036854775808 : i64
    affine.store %w6, %o64[6, %i] : memref<12x12xi64>
    %w7 = arith.remsi %y, %ki64_10 : i64
    affine.store %w7, %o64[7, %i] : memref<12x12xi64>
    %w8 = arith.remui %y, %ki64_7 : i64
    affine.store %w8, %o64[8, %i] : memref<12x12xi64>
    %w9 = arith.floordivsi %y, %ki64_7 : i64
    affine.store %w9, %o64[9, %i] : memref<12x12xi64>
    %w10 = arith.remui %y, %ki64_4294967311 : i64
    affine.store %w10, %o64[10, %i] : memref<12x12xi64>
    %w11 = arith.divsi %y, %ki64_1099511627791 : i64
    affine.store %w11, %o64[11, %i] : memref<12x12xi64>
    %s0 = arith.divui %z, %ki8_3 : i8
    affine.store %s0, %o8[0, %i] : memref<9x12xi8>
    %s1 = arith.divui %z, %ki8_255 : i8
    affine.store %s1, %o8[1, %i] : memref<9x12xi8>
    %s2 = arith.divsi %z, %ki8_m128 : i8
    affine.store %s2, %o8[2, %i] : memref<9x12xi8>
    %s3 = arith.divsi %z, %ki8_7 : i8
    affine.store %s3, %o8[3, %i] : memref<9x12xi8>
    %s4 = arith.divsi %z, %ki8_m5 : i8
    affine.store %s4, %o8[4, %i] : memref<9x12xi8>
    %s5 = arith.remsi %z, %ki8_m128 : i8
    affine.store %s5, %o8[5, %i] : memref<9x12xi8>
    %s6 = arith.remui %z, %ki8_5 : i8
    affine.store %s6, %o8[6, %i] : memref<9x12xi8>
    %s7 = arith.divsi %z, %ki8_127 : i8
    affine.store %s7, %o8[7, %i] : memref<9x12xi8>
    %s8 = arith.remsi %z, %ki8_3 : i8
    affine.store %s8, %o8[8, %i] : memref<9x12xi8>
  }
  return
}
