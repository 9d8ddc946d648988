#!/bin/sh
# fp32 add and mul units through `rmlir-hls fpga` (Yosys synth_ice40, with -dsp on up5k;
# nextpnr seed 1, 100 MHz requested): LUT4, DFF, DSP, logic cells and Fmax per unit and
# latency. hx8k: every port bit registered (--register-io); up5k has too few pins, so its
# ports go through --serial-io shift registers. Units come from
# `cargo run --release --example float_units -- sv DIR`. Usage: bench/float_fpga.sh DIR
# (module names: fadd_f32_lL; fmul_f32_lL_t0 compressor tree (what HLS uses), _t1 1-bit
# rows (the previous product), no suffix one Mul cell).
set -e
DIR=${1:?usage: bench/float_fpga.sh DIR}
BIN=${RMLIR_HLS:-target/release/rmlir-hls}
printf 'device\tunit\tLUT4\tDFF\tDSP\tLC\tFmax MHz\n'
run() {
  dev=$1; unit=$2; io=$3
  out=$(mktemp -d)
  "$BIN" fpga "$DIR/$unit.mlir" -o "$out/r" --device "$dev" --freq 100 --timing-allow-fail "$io" >"$out/log" 2>&1 || true
  awk -v d="$dev" -v u="$unit" '
    $1=="LUT4"{l=$2} $1=="DFF"{f=$2} $1=="DSP"{s=$2} $1=="LC"{c=$2} $1=="clk"{m=$2}
    END{printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", d, u, l, f, s, c, m}' "$out/log"
  rm -rf "$out"
}
for u in ${HX_UNITS:-fadd_f32_l4 fmul_f32_l3_t0 fmul_f32_l4_t0 fmul_f32_l5_t0 fmul_f32_l7_t1 fmul_f32_l4}; do
  run hx8k "$u" --register-io
done
for u in ${UP_UNITS:-fadd_f32_l4 fmul_f32_l3_t0 fmul_f32_l3 fmul_f32_l4}; do
  run up5k "$u" --serial-io
done
