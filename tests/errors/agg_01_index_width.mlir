// expect: index of 'hw.array_get' into '!hw.array<4xi8>' must be i2
hw.module @m(in %a: !hw.array<4xi8>, in %i: i3, out y: i8) {
  %y = hw.array_get %a[%i] : !hw.array<4xi8>, i3
  hw.output %y : i8
}
