// expect: 'sv.verbatim' with substitutions ('{{0}}' operands) is not supported
hw.module @m(in %a : i8, out y : i8) {
  sv.verbatim "assign y2 = {{0}};" (%a) : i8
  hw.output %a : i8
}
