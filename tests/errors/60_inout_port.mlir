// expect: inout port 'p' is not supported
hw.module @m(inout %p : i8) {
}
