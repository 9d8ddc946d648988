// RUN: --pipeline --passes cfg-loop --emit hls-ir
// cfg-loop raises the counted cf.br loop to a for loop (kernel: tests/hls/cfg_blocks.mlir).
// A loop written as a multi-block CFG with cf.br / cf.cond_br and block arguments: count
// and sum the elements above a threshold, and write a clipped copy.
func.func @cfg(%a: memref<20xi32>, %b: memref<20xi32>, %th: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  cf.br ^loop(%c0, %z, %z : index, i32, i32)
^loop(%i: index, %n: i32, %s: i32):
  %more = arith.cmpi slt, %i, %c20 : index
  cf.cond_br %more, ^body, ^exit(%n, %s : i32, i32)
^body:
  %v = memref.load %a[%i] : memref<20xi32>
  %above = arith.cmpi sgt, %v, %th : i32
  cf.cond_br %above, ^big(%v : i32), ^small
^big(%w: i32):
  %n1 = arith.addi %n, %one : i32
  %s1 = arith.addi %s, %w : i32
  memref.store %th, %b[%i] : memref<20xi32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^loop(%i1, %n1, %s1 : index, i32, i32)
^small:
  memref.store %v, %b[%i] : memref<20xi32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^loop(%i2, %n, %s : index, i32, i32)
^exit(%rn: i32, %rs: i32):
  return %rn, %rs : i32, i32
}
