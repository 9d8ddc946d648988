// expect: expected '#-}'
hw.module @m() {
}
{-# dialect_resources: {
