// scf forms in today's spelling.
func.func @scf(%A: memref<16xi32>, %n: index, %x: i32, %c: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.store %x, %A[%i] : memref<16xi32>
  } {hls.unroll = 2 : i64}
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
    %v = memref.load %A[%i] : memref<16xi32>
    %t = arith.addi %acc, %v : i32
    scf.yield %t : i32
  }
  %w:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %s) -> (i32, i32) {
    scf.yield %b, %a : i32, i32
  }
  scf.if %c {
    memref.store %x, %A[%c0] : memref<16xi32>
  }
  scf.if %c {
    memref.store %x, %A[%c0] : memref<16xi32>
  } else {
    memref.store %s, %A[%c1] : memref<16xi32>
  }
  %r = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %s : i32
  }
  %r2:2 = scf.if %c -> (i32, index) {
    scf.yield %x, %c0 : i32, index
  } else {
    scf.yield %s, %c1 : i32, index
  }
  %res:2 = scf.while (%arg1 = %x, %k = %c0) : (i32, index) -> (i32, index) {
    %cond = arith.cmpi slt, %k, %n : index
    scf.condition(%cond) %arg1, %k : i32, index
  } do {
  ^bb0(%arg2: i32, %k2: index):
    %next = arith.addi %arg2, %arg2 : i32
    %k3 = arith.addi %k2, %c1 : index
    scf.yield %next, %k3 : i32, index
  }
  %z = scf.while (%arg1 = %x) : (i32) -> i32 {
    %cond = arith.cmpi sgt, %arg1, %x : i32
    scf.condition(%cond) %arg1 : i32
  } do {
  ^bb0(%arg2: i32):
    scf.yield %arg2 : i32
  }
  return %r : i32
}
