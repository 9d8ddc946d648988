// Floats through control flow: scf.if and affine.if with f32 results, a call with float
// arguments and result (inlined), a local f32 buffer, and a while loop halving a value
// until it drops below a bound (a float compare as the loop condition).
#first = affine_set<(d0) : (d0 == 0)>
func.func @scale(%x: f32, %k: f32) -> f32 {
  %p = arith.mulf %x, %k : f32
  return %p : f32
}
func.func @control_f32(%a: memref<8xf32>, %k: f32) -> (f32, i32) {
  %buf = memref.alloc() : memref<8xf32>
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xf32>
    %pos = arith.cmpf oge, %x, %zero : f32
    %y = scf.if %pos -> (f32) {
      %s = func.call @scale(%x, %k) : (f32, f32) -> f32
      scf.yield %s : f32
    } else {
      %n = arith.negf %x : f32
      scf.yield %n : f32
    }
    %z = affine.if #first(%i) -> f32 {
      affine.yield %one : f32
    } else {
      affine.yield %y : f32
    }
    affine.store %z, %buf[%i] : memref<8xf32>
  }
  %t = affine.for %i = 0 to 8 iter_args(%acc = %zero) -> (f32) {
    %v = affine.load %buf[%i] : memref<8xf32>
    %s = arith.addf %acc, %v : f32
    affine.store %s, %a[%i] : memref<8xf32>
    affine.yield %s : f32
  }
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c40 = arith.constant 40 : i32
  %m = math.absf %t : f32
  %r:2 = scf.while (%v = %m, %n = %c0) : (f32, i32) -> (f32, i32) {
    %big = arith.cmpf ogt, %v, %one : f32
    %room = arith.cmpi slt, %n, %c40 : i32
    %go = arith.andi %big, %room : i1
    scf.condition(%go) %v, %n : f32, i32
  } do {
  ^bb0(%v: f32, %n: i32):
    %h = arith.mulf %v, %half : f32
    %n1 = arith.addi %n, %c1 : i32
    scf.yield %h, %n1 : f32, i32
  }
  memref.dealloc %buf : memref<8xf32>
  return %r#0, %r#1 : f32, i32
}
