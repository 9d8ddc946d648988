// expect: larger than the limit of 2^30 bits
// A local memory becomes one block-RAM cell: 100M words of 32 bits is a user error at the
// alloc, not an internal error about the netlist.
func.func @k(%i: index) -> i32 {
  %m = memref.alloc() : memref<100000000xi32>
  %x = memref.load %m[%i] : memref<100000000xi32>
  return %x : i32
}
