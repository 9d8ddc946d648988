#!/usr/bin/env bash
# Benchmark: the FPGA flow on the examples, the EPFL circuits of ../shared/benchmarks/epfl
# (read as Yosys JSON) and the HLS kernels, one table: LUT4, carry, DFF, logic cells, BRAM,
# I/O and Fmax per synthesis path (yosys synth_ice40; native: the tool's own -O2 --lut 4).
#
# Each design runs `rmlir-hls fpga --register-io` (every input and output through a flip-flop,
# so every path is register to register and Fmax means something for combinational designs)
# on the hx8k (ct256) with one seed, asking for $FREQ MHz (default 100) with
# --timing-allow-fail so that nextpnr places for timing and the achieved Fmax is what it
# reaches. REGISTER_IO=0 runs the designs as they are (Fmax "-": no register-to-register path).
# A design with more I/O bits than the package has pins (the EPFL adder and dec) runs with
# `--serial-io` instead, marked "(serial)": inputs shifted in on one pin, the registered
# outputs' parity on another; its counts include the wrapper (n input flip-flops, n output
# flip-flops and ceil((n-1)/3) parity LUT4s for n output bits, the same on both paths).
#
# Env: DESIGNS (default: examples/*.mlir, seven HLS kernels of tests/hls (HLS_KERNELS), plus
# ../shared/examples/*.mlir and the EPFL circuits when present),
# DEVICE (hx8k), FREQ (100), SEED (1), REGISTER_IO (1), BENCH_OUT (target/fpgabench),
# NATIVE_AREA (set: a third row per design, `native-area`: --synth native --lut-goal area).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
cargo build --release -q
bin=$root/target/release/rmlir-hls
out=${BENCH_OUT:-$root/target/fpgabench}
device=${DEVICE:-hx8k}
freq=${FREQ:-100}
seed=${SEED:-1}
regio=()
[ "${REGISTER_IO:-1}" = 1 ] && regio=(--register-io)
mkdir -p "$out"
if [ -n "${DESIGNS:-}" ]; then
  designs=($DESIGNS)
else
  designs=(examples/*.mlir)
  # HLS kernels: i32 datapaths with block RAMs (HLS_KERNELS overrides the list).
  for k in ${HLS_KERNELS:-dot_i32 fir gcd histogram local_mem linalg_matmul_i32 stencil}; do
    designs+=(tests/hls/$k.mlir)
  done
  [ -d ../shared/examples ] && designs+=(../shared/examples/*.mlir)
  if [ -d ../shared/benchmarks/epfl ]; then
    for v in ../shared/benchmarks/epfl/*.v; do
      j=$out/epfl_$(basename "$v" .v).json
      yosys -q -p "read_verilog $v; proc; opt; write_json $j" >/dev/null 2>&1 && designs+=("$j")
    done
  fi
fi

printf "%-33s %-11s %6s %6s %6s %6s %5s %4s %10s\n" design synth LUT4 carry DFF LC BRAM IO "Fmax MHz"
for f in "${designs[@]}"; do
  case $f in
    ../shared/*) name=shared/$(basename "$f" .mlir) ;;
    tests/hls/*) name=hls/$(basename "$f" .mlir) ;;
    *.json) name=$(basename "$f" .json) ;;
    *) name=$(basename "$f" .mlir) ;;
  esac
  for synth in yosys native ${NATIVE_AREA:+native-area}; do
    dir=$out/${name//\//_}.$synth
    io=("${regio[@]}")
    label=$name
    # native-area: the native path with --lut-goal area (fewest LUT4s, depth only a tie-break).
    how=(--synth "${synth%-area}")
    [ "$synth" = native-area ] && how+=(--lut-goal area)
    run() {
      "$bin" fpga "$f" -o "$dir" --device "$device" --freq "$freq" --seed "$seed" "${how[@]}" \
        "${io[@]}" --timing-allow-fail >"$dir.log" 2>&1
    }
    ok=0
    run && ok=1
    if [ $ok = 0 ] && [ ${#regio[@]} -gt 0 ] && grep -q "I/O bits" "$dir.log"; then
      # More I/O bits than pins: the serial wrapper (three pins; its parity tree is in the counts).
      io=(--serial-io)
      label="$name (serial)"
      run && ok=1
    fi
    if [ $ok = 1 ]; then
      python3 - "$dir/report.json" "$label" "$synth" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
res = r["resources"]
mhz = [c["achieved_mhz"] for c in r["clocks"].values() if c["achieved_mhz"] is not None]
fmax = f"{min(mhz):.1f}" if mhz else "-"
print(f"{sys.argv[2]:<33} {sys.argv[3]:<11} {res['LUT4']['used']:>6} {res['carry']['used']:>6} "
      f"{res['DFF']['used']:>6} {res['LC']['used']:>6} {res['BRAM']['used']:>5} {res['IO']['used']:>4} {fmax:>10}")
PY
    else
      why=$(grep -m1 "error" "$dir.log" | sed -e 's/^rmlir-hls: error: //' -e 's/^[^ ]*: error: //' | cut -c1-70)
      printf "%-33s %-11s n/a: %s\n" "$label" "$synth" "$why"
    fi
  done
done
