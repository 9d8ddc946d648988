#!/usr/bin/env bash
# Exact resynthesis benchmark (comb/src/lutmap/exact): LUT count, depth and run time of
# `-O2 --lut 6 --lut-goal area` without it (`--lut-exact-budget 0`) and with it (the
# measured budget, `--lut-exact-budget 60000`; it is off by default), beside Yosys 0.23 `synth -flatten; abc -lut 6` (LUTs and seconds) in the
# same run, and an ABC `cec` verdict of the result with exact resynthesis against the input.
#
# Circuits: the EPFL benchmarks of ../shared/benchmarks/epfl (read as Yosys JSON), then
# the comb examples alu8 and mac_generic. Usage: bench/exactsyn.sh [FILE.v|FILE.mlir ...]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
# RMLIR_BIN: a binary already built (else this tree is built).
bin="${RMLIR_BIN:-}"
if [ -z "$bin" ]; then
  cargo build --release -q
  bin="${CARGO_TARGET_DIR:-$here/target}/release/rmlir-hls"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

inputs=("$@")
if [ ${#inputs[@]} -eq 0 ]; then
  [ -d ../shared/benchmarks/epfl ] && inputs+=(../shared/benchmarks/epfl/*.v)
  inputs+=(examples/alu8.mlir examples/mac_generic.mlir)
fi

# ours IN BUDGET OUT: prints "luts depth seconds".
ours() {
  local t0 t1 st
  t0=$(date +%s.%N)
  st=$("$bin" "$1" -O2 --lut 6 --lut-goal area --lut-exact-budget "$2" --stats --emit verilog -o "$3" 2>&1 >/dev/null)
  t1=$(date +%s.%N)
  echo "$st" | awk -v t="$(echo "$t1 - $t0" | bc)" '
    /luts [0-9]+, lut depth/ { for (i = 1; i <= NF; i++) { if ($i == "luts") l += $(i+1); if ($i == "depth") { d = $(i+1); if (d > md) md = d } } }
    END { printf "%d %d %.1f\n", l, md, t }'
}

# yosys6 VERILOG TOP: prints "luts seconds" of `synth -flatten; abc -lut 6`.
yosys6() {
  local t0 t1
  t0=$(date +%s.%N)
  yosys -q -p "read_verilog -sv $1; synth -flatten -top $2; abc -lut 6; opt_clean; tee -o $work/stat.txt stat" >/dev/null 2>&1 || { echo "- -"; return; }
  t1=$(date +%s.%N)
  echo "$(awk '/\$lut/ { s += $2 } END { print s + 0 }' "$work/stat.txt") $(echo "$t1 - $t0" | bc | awk '{ printf "%.1f", $1 }')"
}

printf "| circuit | without exact (L/D/s) | with exact (L/D/s) | yosys abc -lut 6 (L/s) | cec |\n|---|---|---|---|---|\n"
for f in "${inputs[@]}"; do
  name="$(basename "${f%.*}")"
  if [[ "$f" == *.v ]]; then
    in="$work/$name.json"
    yosys -q -p "read_verilog $f; proc; opt; write_json $in" >/dev/null 2>&1
    ref="$f"
  else
    in="$f"
    "$bin" "$f" --emit verilog -o "$work/$name.ref.v"
    ref="$work/$name.ref.v"
  fi
  top="$("$bin" "$in" --stats --emit verilog -o /dev/null 2>&1 | sed -n 's/.*module @\([^:]*\):.*/\1/p' | tail -1)"
  read -r l0 d0 t0 <<<"$(ours "$in" 0 "$work/off.v")"
  read -r l1 d1 t1 <<<"$(ours "$in" 60000 "$work/on.v")"
  read -r yl yt <<<"$(yosys6 "$ref" "$top")"
  yosys -q -p "read_verilog -sv $ref; hierarchy -top $top; proc; flatten; techmap; opt -fast; write_blif $work/ref.blif" >/dev/null 2>&1
  yosys -q -p "read_verilog -sv $work/on.v; hierarchy -top $top; proc; flatten; techmap; opt -fast; write_blif $work/on.blif" >/dev/null 2>&1
  if yosys-abc -c "cec $work/ref.blif $work/on.blif" 2>&1 | grep -q "Networks are equivalent"; then v=equiv; else v=FAIL; fi
  printf "| %s | %s/%s/%s | %s/%s/%s | %s/%s | %s |\n" "$name" "$l0" "$d0" "$t0" "$l1" "$d1" "$t1" "$yl" "$yt" "$v"
done
