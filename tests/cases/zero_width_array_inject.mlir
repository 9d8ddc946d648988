// RUN: --emit verilog
// `hw.array_inject` into a one-element array (index `i0`): a new one-element array of the
// injected value; `hw.array_get` of it: its element (the i0 index erased).
hw.module @zero_width_array_inject(in %a : !hw.array<1xi8>, in %v : i8, out r : !hw.array<1xi8>, out g : i8) {
  %i = hw.constant 0 : i0
  %r = hw.array_inject %a[%i], %v : !hw.array<1xi8>, i0
  %g = hw.array_get %a[%i] : !hw.array<1xi8>, i0
  hw.output %r, %g : !hw.array<1xi8>, i8
}
