// expect: integer width must be between 0 and 16777216, got 'i99999999'
hw.module @m(in %a : i99999999) {
}
