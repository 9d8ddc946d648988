// RUN: --emit verilog
// sv.fwrite in clocked blocks (stdout 0x80000001 and stderr 0x80000002, as CIRCT writes the
// descriptors): one `always` block per clock holds every write, in order, each under its
// enable (the sv.if branches, the reset); sv.fflush is accepted and dropped (the simulators
// write unbuffered lines).
hw.module @t(in %clk : i1, in %rst : i1, in %go : i1, in %x : i16) {
  %out = hw.constant 0x80000001 : i32
  %err = hw.constant 0x80000002 : i32
  %lo = comb.extract %x from 0 : (i16) -> i8
  sv.always posedge %clk {
    sv.if %go {
      sv.fwrite %out, "x=%0d (%x) \"%o\"\n"(%x, %x, %x) : i16, i16, i16
    } else {
      sv.fwrite %err, "idle\n"
    }
    sv.fflush fd %out
  }
  sv.alwaysff(posedge %clk) {
    sv.fwrite %err, "%c\n"(%lo) : i8
    sv.fflush
  } (syncreset : posedge %rst) {
  }
  hw.output
}
