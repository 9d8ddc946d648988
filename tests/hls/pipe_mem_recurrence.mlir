// Recurrences through memory that make the initiation interval grow: a[i+1] = a[i] + x[i]
// (a read-after-write one iteration apart), b[i+2] = b[i] * 3 (two iterations apart),
// and c[0] accumulated in place (every iteration).
func.func @pipe_mem_recurrence(%a: memref<33xi32>, %x: memref<32xi32>, %b: memref<34xi16>, %c: memref<2xi32>) {
  %three = arith.constant 3 : i16
  affine.for %i = 0 to 32 {
    %p = affine.load %a[%i] : memref<33xi32>
    %q = affine.load %x[%i] : memref<32xi32>
    %s = arith.addi %p, %q : i32
    affine.store %s, %a[%i + 1] : memref<33xi32>
  } {hls.pipeline = 1 : i64}
  affine.for %i = 0 to 32 {
    %p = affine.load %b[%i] : memref<34xi16>
    %t = arith.muli %p, %three : i16
    affine.store %t, %b[%i + 2] : memref<34xi16>
  } {hls.pipeline}
  affine.for %i = 0 to 32 {
    %p = affine.load %c[0] : memref<2xi32>
    %q = affine.load %x[%i] : memref<32xi32>
    %s = arith.subi %p, %q : i32
    affine.store %s, %c[0] : memref<2xi32>
  } {hls.pipeline}
  return
}
