// The SystemVerilog of an HLS kernel names its FSM states (localparams used by the state
// logic), its registers after the source values, and comments each op's logic with its
// source line.
func.func @scale(%a: memref<8xi32>, %out: memref<8xi32>, %k: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %sum = affine.for %i = 0 to 8 iter_args(%acc = %zero) -> (i32) {
    %x = affine.load %a[%i] : memref<8xi32>
    %p = arith.muli %x, %k : i32
    affine.store %p, %out[%i] : memref<8xi32>
    %next = arith.addi %acc, %p : i32
    affine.yield %next : i32
  }
  return %sum : i32
}
