// expect: parameter 'N': the default must be an integer
hw.module @inc<N: i8 = "one">(in %a : i8, out y : i8) {
  hw.output %a : i8
}
