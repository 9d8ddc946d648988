#!/usr/bin/env bash
# Benchmark: read a generated 1,000,000-op comb module and write SystemVerilog (-O1).
# Prints wall time and peak memory from /usr/bin/time -v, one row per size.
# Target (issue 2): under 1.5 s and 300 MB for 1,000,000 ops on one core.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
out=${BENCH_OUT:-target/bench}
mkdir -p "$out"
printf '%-10s %-10s %-10s %-10s %-10s\n' ops input_MB wall_s cpu_s peak_MB
for n in ${SIZES:-100000 1000000}; do
  f="$out/comb_$n.mlir"
  [ -f "$f" ] || python3 bench/gen_comb.py "$n" > "$f"
  size=$(du -m "$f" | cut -f1)
  /usr/bin/time -v target/release/rmlir-hls "$f" --emit verilog -o "$out/comb_$n.sv" 2> "$out/time_$n.txt"
  secs=$(grep "Elapsed (wall clock)" "$out/time_$n.txt" | awk '{print $NF}')
  kb=$(grep "Maximum resident set size" "$out/time_$n.txt" | awk '{print $NF}')
  cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {printf "%.2f", s}' "$out/time_$n.txt")
  printf '%-10s %-10s %-10s %-10s %-10s\n' "$n" "$size" "$secs" "$cpu" "$((kb / 1024))"
done
