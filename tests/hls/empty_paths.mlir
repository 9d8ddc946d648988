// Loop bodies with a path through no state: an outer loop whose body is only an inner loop
// with a bound from a scalar argument (n mod 4: zero trips when it is 0), and an outer loop
// around a loop that runs only for some outer iterations (j from i to 2). Each body gets an
// empty state in front where a path skips every state (hls/src/gen/layout.rs), so the FSM
// has no transition cycle without a state. A nest whose innermost loop never runs (7 to 3)
// is removed whole by the lowering (tests/it/hls_loops.rs).
func.func @empty_paths(%a: memref<16xi32>, %n: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %nm = arith.andi %n, %c3 : i32
  %m = arith.index_cast %nm : i32 to index
  %r = affine.for %i = 0 to 4 iter_args(%acc = %z) -> (i32) {
    %s = affine.for %j = 0 to %m iter_args(%t = %acc) -> (i32) {
      %x = affine.load %a[%i * 4 + %j] : memref<16xi32>
      %t1 = arith.addi %t, %x : i32
      affine.yield %t1 : i32
    }
    affine.yield %s : i32
  }
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      affine.for %k = 7 to 3 {
        affine.store %one, %a[%k] : memref<16xi32>
      }
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 2 {
      %x = affine.load %a[%j] : memref<16xi32>
      %y = arith.addi %x, %r : i32
      affine.store %y, %a[%j + 8] : memref<16xi32>
    }
  }
  return %r : i32
}
