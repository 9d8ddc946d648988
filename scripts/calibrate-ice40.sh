#!/usr/bin/env bash
# Calibrates the iCE40 operator delays the HLS scheduler uses (hls/data/ice40-delays.tsv).
#
# For each operator and width it writes a registered single-operator design (inputs through
# flip-flops, the operator, the result into a flip-flop), runs it through `rmlir-hls fpga`
# (yosys synth_ice40 + nextpnr-ice40 on the hx8k ct256, one seed, asking for 500 MHz so the
# placer works on timing) and reads the achieved Fmax from report.json. The register-to-
# register period of a bare register pair (`wire`) is the overhead of any cycle (clock-to-out,
# setup, routing); an operator's delay is its period minus that overhead at the same width.
#
# Usage: scripts/calibrate-ice40.sh [OUT.tsv]   (about 5-10 minutes on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-hls/data/ice40-delays.tsv}
cargo build --release -q
bin=target/release/rmlir-hls
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ops=(wire add sub mul icmp_eq icmp_ult mux and or xor shl shru)
widths=(1 8 16 32 64)

design() { # op width
  local op=$1 w=$2 body
  case $op in
    wire) body="%r = comb.or %ra, %ra : i$w" ;;
    icmp_eq) body="%c = comb.icmp eq %ra, %rb : i$w
  %r = comb.replicate %c : (i1) -> i$w" ;;
    icmp_ult) body="%c = comb.icmp ult %ra, %rb : i$w
  %r = comb.replicate %c : (i1) -> i$w" ;;
    mux) body="%r = comb.mux %rs, %ra, %rb : i$w" ;;
    *) body="%r = comb.$op %ra, %rb : i$w" ;;
  esac
  cat <<MLIR
hw.module @op_${op}_$w(in %clk : !seq.clock, in %a : i$w, in %b : i$w, in %s : i1, out y : i$w) {
  %ra = seq.compreg %a, %clk : i$w
  %rb = seq.compreg %b, %clk : i$w
  %rs = seq.compreg %s, %clk : i1
  $body
  %y = seq.compreg %r, %clk : i$w
  hw.output %y : i$w
}
MLIR
}

{
  echo "# iCE40 HX8K (ct256) register-to-register timing of single operators: yosys synth_ice40 +"
  echo "# nextpnr-ice40 --freq 500 --seed 1. period_ns = 1000 / Fmax; op_ns = period_ns - the"
  echo "# period of 'wire' (a bare register pair) at the same width. Written by scripts/calibrate-ice40.sh."
  echo "# $(yosys -V); $(nextpnr-ice40 --version 2>&1 | head -1)"
  printf "op\twidth\tperiod_ns\top_ns\tlc\n"
} >"$work/table.tsv"
for op in "${ops[@]}"; do
  for w in "${widths[@]}"; do
    design "$op" "$w" >"$work/d.mlir"
    # -O0 keeps the operator as written (no folding of the 'wire' design's or).
    if ! "$bin" fpga "$work/d.mlir" -O0 -o "$work/run" --device hx8k --freq 500 --seed 1 \
      --timing-allow-fail >"$work/log" 2>&1; then
      echo "calibrate: $op i$w failed:" >&2; cat "$work/log" >&2; exit 1
    fi
    python3 - "$work/run/report.json" "$op" "$w" "$work/wire.$w" >>"$work/table.tsv" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
op, w, wire_file = sys.argv[2], sys.argv[3], sys.argv[4]
mhz = [c["achieved_mhz"] for c in r["clocks"].values() if c["achieved_mhz"]]
period = 1000.0 / min(mhz)
if op == "wire":
    open(wire_file, "w").write(str(period))
base = float(open(wire_file).read())
print(f"{op}\t{w}\t{period:.3f}\t{max(0.0, period - base):.3f}\t{r['resources']['LC']['used']}")
PY
    tail -1 "$work/table.tsv" >&2
  done
done
cp "$work/table.tsv" "$out"
echo "wrote $out"
