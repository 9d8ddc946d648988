// Affine forms in today's spelling: loops, bounds, iter_args, if/else, load/store, apply, min/max.
#map_lb = affine_map<(d0)[s0] -> (d0, s0)>
#map_ub = affine_map<(d0)[s0] -> (d0 + 8, s0 * 2)>
#set = affine_set<(d0)[s0] : (d0 - 1 >= 0, s0 - d0 - 1 >= 0)>
func.func @loops(%A: memref<64xi32>, %B: memref<8x8xi32>, %n: index, %s: i32) -> i32 {
  affine.for %i = 0 to 64 {
    %v = affine.load %A[%i] : memref<64xi32>
    affine.store %v, %A[63 - %i] : memref<64xi32>
  }
  affine.for %i = 0 to %n step 2 {
    affine.for %j = max #map_lb(%i)[%n] to min #map_ub(%i)[%n] {
      %x = affine.load %B[%i floordiv 8, (%j + 1) mod 8] : memref<8x8xi32>
      affine.store %x, %B[%i ceildiv 8, symbol(%n) - %j * 2] : memref<8x8xi32>
    }
  } {hls.unroll = 4 : i64}
  %sum = affine.for %i = 1 to 10 iter_args(%acc = %s) -> (i32) {
    %v = affine.load %A[%i - 1] : memref<64xi32>
    %t = arith.addi %acc, %v : i32
    affine.yield %t : i32
  }
  %r:2 = affine.for %i = affine_map<(d0) -> (d0)>(%n) to affine_map<()[s0] -> (s0 + 4)>()[%n] iter_args(%a = %s, %b = %sum) -> (i32, i32) {
    affine.yield %b, %a : i32, i32
  }
  affine.for %i = 0 to 8 {
    affine.if #set(%i)[%n] {
      affine.store %s, %A[%i] : memref<64xi32>
    } else {
      affine.store %sum, %A[%i + 1] : memref<64xi32>
    }
    affine.if affine_set<(d0) : (d0 == 0)>(%i) {
      affine.store %s, %A[0] : memref<64xi32>
    }
  }
  %y = affine.if #set(%n)[%n] -> i32 {
    affine.yield %s : i32
  } else {
    affine.yield %r#1 : i32
  }
  %p = affine.apply affine_map<(d0)[s0] -> (d0 * 3 + s0)>(%n)[%n]
  %q = affine.apply affine_map<(d0)[s0] -> (d0 floordiv 2 - s0)>(%p)[%n]
  %lo = affine.min affine_map<(d0) -> (d0, 100)>(%p)
  %hi = affine.max #map_ub(%p)[%q]
  %e = affine.load %B[3, 5] : memref<8x8xi32>
  return %y : i32
}
