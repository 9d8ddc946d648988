#!/usr/bin/env bash
# Benchmark: the HLS report's estimated Fmax against nextpnr's routed Fmax, per kernel and
# synthesis path, over several placer seeds (issue 22 item 1).
#
# For each kernel: `rmlir-hls KERNEL --emit verilog --report R.json` gives the estimate
# (`estimated_fmax_mhz` of the top function; `critical_path_ns` beside it is the longest
# one-cycle chain the schedule counts), then `rmlir-hls fpga KERNEL --synth S --seed N
# --timing-allow-fail` on the hx8k (ct256) at the kernel's own clock gives nextpnr's routed
# Fmax for each seed. Printed per kernel and path: the estimate, the routed Fmax (median and
# minimum over the seeds), est/median and est/min, "met" when every seed meets the
# kernel's own clock (1000 / --clock-period MHz), and the anchor: the estimate of
# ANCHOR_BIN (an rmlir-hls binary of the unmodified model), with its ratio to the same
# routed median. The last lines give the spread of est/median over all rows.
#
# A kernel whose SystemVerilog is identical under ANCHOR_BIN and HLS_BIN has the same
# netlist, so one fpga run per seed serves both models; otherwise the routed figures are
# those of HLS_BIN's design (the anchor's ratio is then marked `*`).
#
# Env: KERNELS (files; default below), SEEDS ("1 2 3"), DEVICE (hx8k), HLS_BIN (default:
# the release build), ANCHOR_BIN (default: none, anchor columns "-"), BENCH_OUT
# (target/hlstiming), REUSE=1 (keep a seed's fpga folder whose report.json exists and whose
# recorded SystemVerilog hash equals this run's: the same design, placed with the same seed).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
if [ -n "${HLS_BIN:-}" ]; then
  bin=$HLS_BIN
else
  cargo build --release -q || exit 1
  bin=${CARGO_TARGET_DIR:-$root/target}/release/rmlir-hls
fi
anchor=${ANCHOR_BIN:-}
out=${BENCH_OUT:-$root/target/hlstiming}
device=${DEVICE:-hx8k}
seeds=${SEEDS:-1 2 3}
mkdir -p "$out"
KERNELS=${KERNELS:-"tests/hls/dot_i32.mlir tests/hls/fir.mlir tests/hls/gcd.mlir tests/hls/histogram.mlir
  tests/hls/stencil.mlir tests/hls/linalg_matmul_i32.mlir tests/hls/float/dot_f32.mlir
  tests/hls/float/axpy_f32.mlir"}
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'); device $device; seeds $seeds"
echo "# command: KERNELS=... SEEDS=\"$seeds\" ANCHOR_BIN=${anchor:-none} bench/hls_timing.sh"
echo "# $(yosys -V 2>/dev/null); $(nextpnr-ice40 --version 2>&1 | head -1)"
printf '| %-18s | %-6s | %7s | %7s | %7s | %6s | %6s | %5s | %8s | %7s |\n' \
  kernel synth est_MHz med_MHz min_MHz est/med est/min clock main_est main/med
printf '|%s|\n' "--------------------|--------|---------|---------|---------|--------|--------|-------|----------|---------"
rows=$out/rows.tsv
: >"$rows"
for k in $KERNELS; do
  name=$(basename "$k" .mlir)
  # shellcheck disable=SC2207
  opts=($(sed -n 's#^// hls-options: ##p' "$k"))
  "$bin" "$k" "${opts[@]}" --emit verilog -o "$out/$name.sv" --report "$out/$name.json" 2>"$out/$name.err" || {
    echo "| $name | fail: $(head -1 "$out/$name.err")"; continue; }
  hash=$(sha256sum <"$out/$name.sv" | cut -c1-16)
  same=1
  if [ -n "$anchor" ]; then
    "$anchor" "$k" "${opts[@]}" --emit verilog -o "$out/$name.anchor.sv" --report "$out/$name.anchor.json" \
      2>/dev/null || same=0
    cmp -s "$out/$name.sv" "$out/$name.anchor.sv" || same=0
  fi
  for synth in yosys native; do
    for seed in $seeds; do
      dir=$out/$name.$synth.$seed
      if [ "${REUSE:-0}" = 1 ] && [ -f "$dir/report.json" ] && [ "$(cat "$dir.hash" 2>/dev/null)" = "$hash" ]; then
        continue
      fi
      if "$bin" fpga "$k" "${opts[@]}" -o "$dir" --device "$device" --synth "$synth" --seed "$seed" \
        --timing-allow-fail >"$dir.log" 2>&1; then
        echo "$hash" >"$dir.hash"
      else
        rm -f "$dir.hash"
      fi
    done
    python3 - "$out" "$name" "$synth" "$same" "$seeds" "$rows" "${anchor:+1}" <<'PY'
import json, statistics, sys
out, name, synth, same, seeds, rows, has_anchor = sys.argv[1:8]
def est(path):
    r = json.load(open(path))
    return min(f["estimated_fmax_mhz"] for f in r["functions"])
e = est(f"{out}/{name}.json")
clock = 1000.0 / json.load(open(f"{out}/{name}.json"))["clock_period_ns"]
got = []
for s in seeds.split():
    try:
        r = json.load(open(f"{out}/{name}.{synth}.{s}/report.json"))
        got += [min(c["achieved_mhz"] for c in r["clocks"].values() if c["achieved_mhz"])]
    except (OSError, ValueError, KeyError):
        pass
if not got:
    print(f"| {name:<18} | {synth:<6} | {e:7.1f} | fpga failed (see {out}/{name}.{synth}.*.log)")
    sys.exit()
med, lo = statistics.median(got), min(got)
a, ar = "-", "-"
if has_anchor == "1":
    ae = est(f"{out}/{name}.anchor.json")
    a, ar = f"{ae:.1f}", f"{ae / med:.2f}" + ("" if same == "1" else "*")
met = "met" if lo >= clock - 1e-9 else "-"
print(f"| {name:<18} | {synth:<6} | {e:7.1f} | {med:7.1f} | {lo:7.1f} | {e / med:6.2f} | {e / lo:6.2f} | {met:>5} | {a:>8} | {ar:>7} |")
open(rows, "a").write(f"{name}\t{synth}\t{e / med}\t{met}\n")
PY
  done
done
python3 - "$rows" <<'PY'
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
r = [float(x[2]) for x in rows]
if r:
    inside = sum(1 for x in r if abs(x - 1) <= 0.15)
    ok = sum(1 for x in rows if abs(float(x[2]) - 1) <= 0.15 or x[3] == "met")
    print(f"est/median: {min(r):.2f} .. {max(r):.2f} over {len(r)} rows; {inside} within 15%; "
          f"{ok} within 15% or meeting the kernel's clock on every seed")
PY
