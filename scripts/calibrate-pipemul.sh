#!/usr/bin/env bash
# Measures registered carry-save stages of a pipelined multiplier on the iCE40 HX8K, the
# figures behind CSA_NS in hls/src/schedule/delays.rs (which keeps them by hand).
#
# A stage: `k` partial-product rows `a << j & b[j]` (j < k) and, for a later stage (cs = 1),
# the carry-save pair of the stage before, reduced to two rows by 3:2 compressors on whole
# vectors (as hls/src/gen/pipemul.rs builds them), between registers. Later stages feed
# their pair back into their own inputs (so 64 bits fit the package's pins) and show the
# sum row; first stages (cs = 0) show both rows. Each design runs through `rmlir-hls fpga`
# (yosys synth_ice40 + nextpnr-ice40 --hx8k --freq 500 --seed 1, as calibrate-ice40.sh);
# the line printed is: width rows cs levels period_ns op_ns(period - 1.596, the table's
# 'wire' period) logic_cells.
#
# Usage: scripts/calibrate-pipemul.sh   (about 90 seconds on 2 cores; seed 1 reproduces CSA_NS)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
bin=target/release/rmlir-hls
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
design() { # width rows cs
  python3 - "$@" <<'PY'
import sys
w, k, cs = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
n, lines = [0], []
def v(expr, ty):
    n[0] += 1
    lines.append(f"  %v{n[0]} = {expr} : {ty}")
    return f"%v{n[0]}"
def const(val, width):
    return v(f"hw.constant {val}", f"i{width}")
rows = ["%rs", "%rc"] if cs else []
for j in range(k):
    bit = v(f"comb.extract %rb from {j}", f"(i{w}) -> i1")
    rep = v(f"comb.replicate {bit}", f"(i1) -> i{w}")
    sh = "%ra"
    if j:
        lo = v("comb.extract %ra from 0", f"(i{w}) -> i{w-j}")
        sh = v(f"comb.concat {lo}, {const(0, j)}", f"i{w-j}, i{j}")
    rows.append(v(f"comb.and {sh}, {rep}", f"i{w}"))
while len(rows) > 2:
    nxt = []
    while len(rows) >= 3:
        x, y, z = rows[:3]
        rows = rows[3:]
        s = v(f"comb.xor {x}, {y}, {z}", f"i{w}")
        ands = [v(f"comb.and {p}, {q}", f"i{w}") for p, q in ((x, y), (x, z), (y, z))]
        m = v(f"comb.or {', '.join(ands)}", f"i{w}")
        lo = v(f"comb.extract {m} from 0", f"(i{w}) -> i{w-1}")
        nxt += [s, v(f"comb.concat {lo}, {const(0, 1)}", f"i{w-1}, i1")]
    rows = nxt + rows
if len(rows) == 1:
    rows.append(const(0, w))
if cs:
    print(f"hw.module @csa_{w}_{k}(in %clk : !seq.clock, in %a : i{w}, in %b : i{w}, out y : i{w}) {{")
    print(f"  %ra = seq.compreg %a, %clk : i{w}\n  %rb = seq.compreg %b, %clk : i{w}")
    print(f"  %rs = seq.compreg {rows[0]}, %clk : i{w}\n  %rc = seq.compreg {rows[1]}, %clk : i{w}")
    print("\n".join(lines))
    print(f"  hw.output %rs : i{w}\n}}")
else:
    out = v(f"comb.concat {rows[0]}, {rows[1]}", f"i{w}, i{w}")
    print(f"hw.module @csa_{w}_{k}(in %clk : !seq.clock, in %a : i{w}, in %b : i{w}, out y : i{2*w}) {{")
    print(f"  %ra = seq.compreg %a, %clk : i{w}\n  %rb = seq.compreg %b, %clk : i{w}")
    print("\n".join(lines))
    print(f"  %y = seq.compreg {out}, %clk : i{2*w}\n  hw.output %y : i{2*w}\n}}")
PY
}
run() { # width rows cs
  design "$@" >"$work/d.mlir"
  "$bin" fpga "$work/d.mlir" -O0 -o "$work/run" --device hx8k --freq 500 --seed 1 \
    --timing-allow-fail >"$work/log" 2>&1 || { echo "calibrate-pipemul: $* failed" >&2; cat "$work/log" >&2; exit 1; }
  python3 - "$work/run/report.json" "$@" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
w, k, cs = map(int, sys.argv[2:])
n, levels = k + 2 * cs, 0
while n > 2:
    n, levels = 2 * (n // 3) + n % 3, levels + 1
p = 1000 / d["clocks"]["clk"]["achieved_mhz"]
print(w, k, cs, levels, f"{p:.3f}", f"{p - 1.596:.3f}", d["resources"]["LC"]["used"])
PY
}
echo "width rows cs levels period_ns op_ns lc"
for w in 16 32 64; do
  for k in 1 2 4 7 11 17; do
    [ "$k" -lt "$w" ] && run "$w" "$k" 1
  done
done
for w in 16 32; do
  for k in 3 6 9 13; do run "$w" "$k" 0; done
done
