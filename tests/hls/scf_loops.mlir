// scf.for with iter_args over i32 bounds, nested in an index scf.for; scf.if with results.
func.func @scf_loops(%a: memref<10x12xi32>, %rows: memref<10xi32>, %lim: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %twelve = arith.constant 12 : i32
  %total = scf.for %i = %c0 to %c10 step %c1 iter_args(%t = %z) -> (i32) {
    %row = scf.for %j = %z to %twelve step %two iter_args(%acc = %z) -> (i32) : i32 {
      %jj = arith.index_cast %j : i32 to index
      %v = memref.load %a[%i, %jj] : memref<10x12xi32>
      %big = arith.cmpi sgt, %v, %lim : i32
      %w = scf.if %big -> (i32) {
        scf.yield %lim : i32
      } else {
        %n = arith.addi %v, %one : i32
        scf.yield %n : i32
      }
      %s = arith.addi %acc, %w : i32
      scf.yield %s : i32
    }
    memref.store %row, %rows[%i] : memref<10xi32>
    %odd = arith.andi %row, %one : i32
    %isodd = arith.cmpi ne, %odd, %z : i32
    scf.if %isodd {
      memref.store %z, %a[%i, %c0] : memref<10x12xi32>
    }
    %t1 = arith.addi %t, %row : i32
    scf.yield %t1 : i32
  }
  return %total : i32
}
