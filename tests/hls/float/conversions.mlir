// Conversions: sitofp i32 -> f32, uitofp i16 -> f16, extf f32 -> f64, truncf f64 -> f32 and
// f32 -> f16, fptosi f32 -> i32 and fptoui f32 -> i16 of values clamped into range first
// (NaN and out-of-range are poison in MLIR), bitcast f32 <-> i32.
func.func @conversions(%n: memref<8xi32>, %u: memref<8xi16>, %f: memref<8xf32>, %h: memref<8xf16>, %d: memref<8xf64>) {
  %lo = arith.constant -1.0e9 : f32
  %hi = arith.constant 1.0e9 : f32
  %zero = arith.constant 0.0 : f32
  %uhi = arith.constant 65535.0 : f32
  affine.for %i = 0 to 8 {
    %x = affine.load %f[%i] : memref<8xf32>
    %k = affine.load %n[%i] : memref<8xi32>
    %kf = arith.sitofp %k : i32 to f32
    %w = arith.extf %x : f32 to f64
    %e = arith.extf %kf : f32 to f64
    %sum = arith.addf %w, %e : f64
    affine.store %sum, %d[%i] : memref<8xf64>
    %back = arith.truncf %sum : f64 to f32
    %half = arith.truncf %back : f32 to f16
    %v = affine.load %u[%i] : memref<8xi16>
    %vh = arith.uitofp %v : i16 to f16
    %hm = arith.mulf %half, %vh : f16
    affine.store %hm, %h[%i] : memref<8xf16>
    %nan = arith.cmpf uno, %x, %x : f32
    %c1 = arith.maximumf %x, %lo : f32
    %c2 = arith.minimumf %c1, %hi : f32
    %c = arith.select %nan, %zero, %c2 : f32
    %ki = arith.fptosi %c : f32 to i32
    %bits = arith.bitcast %c : f32 to i32
    %mix = arith.xori %ki, %bits : i32
    affine.store %mix, %n[%i] : memref<8xi32>
    %p1 = arith.maximumf %c, %zero : f32
    %p2 = arith.minimumf %p1, %uhi : f32
    %ku = arith.fptoui %p2 : f32 to i16
    affine.store %ku, %u[%i] : memref<8xi16>
    %xi = arith.bitcast %mix : i32 to f32
    affine.store %xi, %f[%i] : memref<8xf32>
  }
  return
}
