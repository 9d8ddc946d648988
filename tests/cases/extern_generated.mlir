// RUN: --emit verilog
// CIRCT's generator callouts: `hw.generator.schema` is dropped and `hw.module.generated`
// (a module a generator makes, here a memory) is read as the black box it is here, an
// `hw.module.extern`: SystemVerilog instantiates it by name; its generator attributes are
// not kept.
hw.generator.schema @FIRRTLMem, "FIRRTL_Memory", ["depth", "width"]
hw.module.generated @mem_16x8, @FIRRTLMem(in %clock : !seq.clock, in %addr : i4, out data : i8) attributes {depth = 16 : i64, width = 8 : ui32}
hw.module @extern_generated(in %clk : !seq.clock, in %a : i4, out d : i8) {
  %d = hw.instance "m" @mem_16x8(clock: %clk : !seq.clock, addr: %a : i4) -> (data: i8)
  hw.output %d : i8
}
