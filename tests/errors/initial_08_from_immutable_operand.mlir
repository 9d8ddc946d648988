// expect: 'seq.from_immutable' takes a '!seq.immutable' result of 'seq.initial'
hw.module @t(in %d : i8, out q : i8) {
  %k = seq.from_immutable %d : (i8) -> i8
  hw.output %k : i8
}
