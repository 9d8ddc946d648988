#!/usr/bin/env bash
# Speed of `-O2 --lut K` (depth goal): per design, LUTs / LUT depth / CPU seconds / wall
# seconds of `rmlir-hls FILE -O2 --lut 6` and `--lut 4`, for this build and (with
# --before BIN) another binary, beside Yosys 0.23 on the same netlist in the same run
# (`synth -flatten; abc -lut 6` on our `-O2` SystemVerilog, or on the EPFL source: LUTs
# and CPU seconds of the whole Yosys run). CPU seconds are user + system time of the
# process (the mapper runs two threads: wall can be below CPU on an idle machine).
#
# Designs: the largest HLS kernels of tests/hls and the EPFL circuits of
# ../shared/benchmarks/epfl (read as Yosys JSON). Usage:
#   bench/lutspeed.sh [--before BIN] [FILE.mlir|FILE.v ...]   (BIN=PATH: measure that binary, no build;
#   LUT4=0: skip the --lut 4 columns, which halves the run time)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
before=""
if [ "${1:-}" = "--before" ]; then
  before="$2"
  shift 2
fi
[ -n "${BIN:-}" ] || cargo build --release -q
bin="${BIN:-${CARGO_TARGET_DIR:-$here/target}/release/rmlir-hls}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

inputs=("$@")
if [ ${#inputs[@]} -eq 0 ]; then
  for k in ops mul_div_wide minmax_ext affine_exprs; do
    inputs+=("tests/hls/$k.mlir")
  done
  if [ -d ../shared/benchmarks/epfl ]; then
    inputs+=(../shared/benchmarks/epfl/*.v)
  fi
fi

# run BIN FILE K: "luts/depth/cpu/wall" of `BIN FILE -O2 --lut K`, or "-".
run() {
  local b="$1" f="$2" k="$3"
  if /usr/bin/time -f "%U %S %e" -o "$work/time" "$b" "$f" -O2 --lut "$k" --stats --emit verilog -o /dev/null 2> "$work/err"; then
    awk '/luts/ { for (i = 1; i <= NF; i++) { if ($i == "luts") l += $(i+1); if ($i == "depth") { d = $(i+1) + 0; if (d > md) md = d } } }
         END { printf "%d/%d/", l, md }' "$work/err"
    awk '{ printf "%.2f/%.2f\n", $1 + $2, $3 }' "$work/time"
  else
    echo "-"
  fi
}

# yosys_lut6 VERILOG TOP: "luts/cpu" of `synth -flatten; abc -lut 6`.
yosys_lut6() {
  if /usr/bin/time -f "%U %S" -o "$work/ytime" yosys -q -p "read_verilog -sv $1; synth -flatten -top $2; abc -lut 6; opt_clean; tee -o $work/stat.txt stat" >/dev/null 2>&1; then
    awk '/\$lut/ { n += $2 } END { printf "%d/", n + 0 }' "$work/stat.txt"
    awk '{ printf "%.2f\n", $1 + $2 }' "$work/ytime"
  else
    echo "-"
  fi
}

date
echo "bench/lutspeed.sh $*  (nproc $(nproc), load $(cut -d' ' -f1-3 /proc/loadavg))"
printf "%-18s | %-22s | %-22s | %-22s | %-22s | %-12s\n" design "before -lut6 L/D/cpu/wall" "after -lut6 L/D/cpu/wall" "before -lut4" "after -lut4" "yosys6 L/cpu"
for f in "${inputs[@]}"; do
  name="$(basename "${f%.*}")"
  case "$f" in
    *.v)
      top=$(grep -m1 -o '^module *[A-Za-z_0-9]*' "$f" | awk '{print $2}')
      ours="$work/$name.json"
      yosys -q -p "read_verilog $f; proc; opt; write_json $ours" >/dev/null 2>&1
      ref="$f"
      ;;
    *)
      ours="$f"
      ref="$work/$name.sv"
      "$bin" "$f" -O2 --emit verilog -o "$ref"
      top=$(awk '/^module /{t=$2} END{sub(/\(.*/, "", t); print t}' "$ref")
      ;;
  esac
  b6="-"; b4="-"
  if [ -n "$before" ]; then
    b6=$(run "$before" "$ours" 6)
    [ "${LUT4:-1}" = 0 ] || b4=$(run "$before" "$ours" 4)
  fi
  a6=$(run "$bin" "$ours" 6); a4="-"
  [ "${LUT4:-1}" = 0 ] || a4=$(run "$bin" "$ours" 4)
  y6=$(yosys_lut6 "$ref" "$top")
  printf "%-18s | %-22s | %-22s | %-22s | %-22s | %-12s\n" "$name" "$b6" "$a6" "$b4" "$a4" "$y6"
done
