// expect: does not match the type of the 'field' attribute
hw.module @m(out e: !hw.enum<Red, Green>) {
  %0 = "hw.enum.constant"() <{field = #hw.enum.field<Red, !hw.enum<Red>>}> : () -> !hw.enum<Red, Green>
  hw.output %0 : !hw.enum<Red, Green>
}
