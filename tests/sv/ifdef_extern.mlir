// Which black box is instantiated depends on `--define A` (tests/it/sv_structural.rs):
// `rmlir-hls fpga` refuses either before any tool runs, naming the one it sees.
hw.module.extern @ModelA(in %a : i4, out y : i4)
hw.module.extern @ModelB(in %a : i4, out y : i4)
hw.module @ifdef_extern(in %a : i4, out y : i4) {
  %w = sv.wire : !hw.inout<i4>
  sv.ifdef "A" {
    %y = hw.instance "ua" @ModelA(a: %a : i4) -> (y : i4)
    sv.assign %w, %y : i4
  } else {
    %y = hw.instance "ub" @ModelB(a: %a : i4) -> (y : i4)
    sv.assign %w, %y : i4
  }
  %r = sv.read_inout %w : !hw.inout<i4>
  hw.output %r : i4
}
