// A register file of four bytes as one !hw.array register: write port by index
// (hw.array_inject), read port by a computed index (hw.array_get, a mux tree), a
// comb.mux of whole arrays for a clear, and a struct-typed status register.
hw.module @regfile(in %clk: !seq.clock, in %rst: i1, in %we: i1, in %clear: i1,
                   in %waddr: i2, in %wdata: i8, in %raddr: i2,
                   out rdata: i8, out all: !hw.array<4xi8>, out status: !hw.struct<last: i2, count: i6>) {
  %zero = hw.aggregate_constant [0 : i8, 0 : i8, 0 : i8, 0 : i8] : !hw.array<4xi8>
  %written = hw.array_inject %regs[%waddr], %wdata : !hw.array<4xi8>, i2
  %kept = comb.mux %we, %written, %regs : !hw.array<4xi8>
  %next = comb.mux %clear, %zero, %kept : !hw.array<4xi8>
  %regs = seq.compreg %next, %clk reset %rst, %zero : !hw.array<4xi8>
  %rdata = hw.array_get %regs[%raddr] : !hw.array<4xi8>, i2
  %count = hw.struct_extract %st["count"] : !hw.struct<last: i2, count: i6>
  %c1 = hw.constant 1 : i6
  %count1 = comb.add %count, %c1 : i6
  %cnt = comb.mux %we, %count1, %count : i6
  %last = comb.mux %we, %waddr, %lastq : i2
  %lastq = hw.struct_extract %st["last"] : !hw.struct<last: i2, count: i6>
  %st_next = hw.struct_create (%last, %cnt) : !hw.struct<last: i2, count: i6>
  %st0 = hw.aggregate_constant [0 : i2, 0 : i6] : !hw.struct<last: i2, count: i6>
  %st = seq.compreg %st_next, %clk reset %rst, %st0 : !hw.struct<last: i2, count: i6>
  hw.output %rdata, %regs, %st : i8, !hw.array<4xi8>, !hw.struct<last: i2, count: i6>
}
