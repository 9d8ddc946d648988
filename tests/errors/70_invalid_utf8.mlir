// expect: input is not valid UTF-8 (byte 0xff)
hw.module @m(in %a : i8) {
  // cafÿþ
}
