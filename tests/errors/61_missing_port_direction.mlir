// expect: expected port direction
hw.module @m(a : i8) {
}
