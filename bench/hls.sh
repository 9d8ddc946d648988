#!/usr/bin/env bash
# Benchmark: HLS kernels (tests/hls/*.mlir and ../shared's four examples), one row each.
#
#   cycles   edges from start to done, simulated (`rmlir-hls cosim --seed 1`: Rust simulator
#            and Verilator with SPEC section 4 block RAMs, checked against the interpreter;
#            the seed of 2..8 with the most memory accesses when seed 1's data sends the
#            kernel out of bounds or makes no access)
#   latency  the schedule report's latency (`--report FILE`, JSON `latency_cycles`; "-"
#            when it depends on the data)
#   bound    the port bound: the most accesses any one memory port must make on that data
#            (a memref argument's one port serves reads and writes; a local memory has one
#            read and one write port), counted by the interpreter
#   ratio    cycles / bound (issue 8: within 2x for kernels without a recurrence through
#            memory); "-" when the kernel touches no memory
#   rec      the recurrence bound, counted by the interpreter: the iterations of loops whose
#            next iteration needs this one's result through a register (every scf.while;
#            affine.for/scf.for with an iter_args yield computed from the carried values),
#            one cycle each, or what the recurrent loops nested in an iteration count when
#            that is more
#   ratio2   cycles / max(bound, rec): which of the two lower bounds binds; "-" when both
#            are 0
#   floor    the floor under the kernel's own options (`rmlir-hls cosim`'s "floor:", counted
#            by the interpreter, hls/src/interp/floor.rs): a true lower bound (tests/it/hls_kernels.rs
#            checks it against Icarus), the largest of a port part, the recurrence bound
#            weighted by the delay model at the clock (a recurrent iteration costs its
#            longest path of ops that cannot chain; at least 1 for a while loop, and for
#            any loop without loop transforms, which may unroll), the issue cycles of
#            --max-mul/--max-div units plus one op's latency, and the dataflow chain (the
#            earliest cycle the last result can exist in); the letter after it names the
#            part that binds (p, r, u for units, c for the chain). The port part is `bound`
#            without loop transforms; with them (PIPELINE=1, `hls.pipeline`) only the
#            accesses no transform removes (each element's first read of its initial value,
#            each element written once), since scalar replacement and rotation keep repeats
#            in registers (matmul's cycles are half its `bound`)
#   ratio3   cycles / floor; "-" when the floor is 0
#   LUT, FF, BRAM  `yosys synth_ice40` on the emitted SystemVerilog (SB_LUT4, SB_DFF*,
#            SB_RAM40_4K cells)
#   memrec   "yes" when some modulo-scheduled loop of the design keeps a dependence between
#            iterations through memory after the loop transforms (the report JSON's
#            `memory_recurrence`, from the HLS IR's dependence analysis); "no" otherwise
#            (also when no loop is modulo-scheduled: run with PIPELINE=1)
#
# The last lines count the kernels without a memory recurrence (memrec "no", with a
# ratio) that are within 2x of the port bound (issue 8's target), those within 2x of
# max(port bound, recurrence bound), those within 2x of the floor, and those within 2x of
# max(port bound, floor) (issue 8's target where no other bound holds the kernel above it).
#
# A failing step prints "fail" in its column (Yosys is stopped after YOSYS_TIMEOUT seconds,
# default 600: const_div's 64-bit constant multiplies take longer). Env: KERNELS (files; default all),
# BENCH_OUT (default target/hlsbench), PIPELINE=1 (synthesize with `--pipeline`: every
# eligible innermost loop modulo-scheduled; the table then shows those designs),
# HLS_BIN (an rmlir-hls binary to use instead of building one).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
if [ -n "${HLS_BIN:-}" ]; then
  bin=$HLS_BIN   # a copy of the binary, so a rebuild during the run does not change it
else
  cargo build --release -q || exit 1
  bin=$root/target/release/rmlir-hls
fi
out=${BENCH_OUT:-target/hlsbench}
mkdir -p "$out"
if [ -z "${KERNELS:-}" ]; then
  KERNELS=$(ls tests/hls/*.mlir)
  for k in dot fir_std matmul stencil; do
    [ -f ../shared/examples/$k.mlir ] && KERNELS="$KERNELS ../shared/examples/$k.mlir"
  done
fi
printf '| %-22s | %8s | %8s | %7s | %6s | %7s | %6s | %8s | %6s | %6s | %6s | %4s | %6s |\n' kernel cycles latency bound ratio rec ratio2 floor ratio3 LUT FF BRAM memrec
printf '|%s|\n' "------------------------|----------|----------|---------|--------|---------|--------|----------|--------|--------|--------|------|--------"
within=0; within2=0; within3=0; within4=0; without=0; reseeded=""
for k in $KERNELS; do
  name=$(basename "$k" .mlir)
  cycles=fail; latency=fail; bound=fail; ratio=-; rec=fail; ratio2=-; floor=fail; ratio3=-; fv=
  luts=fail; ffs=fail; brams=fail; memrec=fail
  # A kernel's `// hls-options:` line (e.g. --clock-period 5) applies to both runs.
  # shellcheck disable=SC2207
  opts=($(sed -n 's#^// hls-options: ##p' "$k"))
  [ "${PIPELINE:-0}" = 1 ] && opts+=(--pipeline)
  # Seed 1, or else the seed of 2..8 whose data the kernel is defined on and that makes the
  # most memory accesses (the largest port bound; the first on a tie): a scalar argument
  # drawn as a loop bound may send the kernel's accesses out of bounds (sumsq's `n` at seed
  # 1 is above its memref's 100 elements), which the interpreter rejects, or be <= 0 (no
  # access at all, a meaningless row), or be 1 (a row that measures only the loop's entry);
  # as the test harness, take another seed then (named after the table).
  usable() {
    ! grep -q "is out of bounds" "$1" &&
      ! { grep -q "^port bound: 0$" "$1" && grep -q "memref<" "$k"; }
  }
  seed=1
  "$bin" cosim "$k" --seed 1 "${opts[@]}" > "$out/$name.cosim" 2>&1
  if ! usable "$out/$name.cosim"; then
    best=0
    for s in 2 3 4 5 6 7 8; do
      "$bin" cosim "$k" --seed "$s" "${opts[@]}" > "$out/$name.cosim.$s" 2>&1
      usable "$out/$name.cosim.$s" || continue
      b=$(sed -n 's/^port bound: //p' "$out/$name.cosim.$s")
      if [ "${b:-0}" -gt "$best" ]; then best=$b; seed=$s; fi
    done
    [ "$seed" = 1 ] || cp "$out/$name.cosim.$seed" "$out/$name.cosim"
  fi
  [ "$seed" = 1 ] || reseeded="$reseeded $name:$seed"
  if grep -q "^cycles: " "$out/$name.cosim"; then
    cycles=$(sed -n 's/^cycles: //p' "$out/$name.cosim")
    bound=$(sed -n 's/^port bound: //p' "$out/$name.cosim")
    rec=$(sed -n 's/^recurrence bound: //p' "$out/$name.cosim")
    if [ "$bound" -gt 0 ] 2>/dev/null; then
      ratio=$(awk -v c="$cycles" -v b="$bound" 'BEGIN { printf "%.2f", c / b }')
    fi
    ratio2=$(awk -v c="$cycles" -v b="$bound" -v r="$rec" 'BEGIN { m = b > r ? b : r; if (m > 0) printf "%.2f", c / m; else printf "-" }')
    # "floor: 55 (resource)" -> 55 and its part's letter.
    read -r fv fpart < <(sed -n 's/^floor: \([0-9]*\) (\([a-z]*\))$/\1 \2/p' "$out/$name.cosim")
    if [ -n "${fv:-}" ]; then
      case $fpart in port) fl=p ;; recurrence) fl=r ;; resource) fl=u ;; *) fl=c ;; esac
      floor="$fv $fl"
      ratio3=$(awk -v c="$cycles" -v f="$fv" 'BEGIN { if (f > 0) printf "%.2f", c / f; else printf "-" }')
    fi
  fi
  top=$(sed -n 's/^cosim: @\([A-Za-z0-9_]*\).*/\1/p' "$out/$name.cosim")
  if "$bin" "$k" --emit verilog -o "$out/$name.sv" --report "$out/$name.json" "${opts[@]}" 2> "$out/$name.err"; then
    read -r latency memrec < <(python3 - "$out/$name.json" "$top" <<'EOF'
import json, sys
funcs = json.load(open(sys.argv[1]))["functions"]
f = next((f for f in funcs if f["name"] == sys.argv[2]), funcs[-1])
rec = any(l.get("memory_recurrence") for g in funcs for l in g["loops"])
print("-" if f["latency_cycles"] is None else f["latency_cycles"], "yes" if rec else "no")
EOF
)
    [ -n "$top" ] || top=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["functions"][-1]["name"])' "$out/$name.json")
    if timeout "${YOSYS_TIMEOUT:-600}" yosys -q -p "read_verilog -sv $out/$name.sv; synth_ice40 -top $top; tee -q -o $out/$name.stat.json stat -json" > "$out/$name.yosys" 2>&1; then
      read -r luts ffs brams < <(python3 - "$out/$name.stat.json" "$top" <<'EOF'
import json, sys
mods = json.load(open(sys.argv[1]))["modules"]
m = mods.get("\\" + sys.argv[2]) or next(iter(mods.values()))
cells = m.get("num_cells_by_type", {})
luts = cells.get("SB_LUT4", 0)
ffs = sum(n for c, n in cells.items() if c.startswith("SB_DFF"))
print(luts, ffs, cells.get("SB_RAM40_4K", 0))
EOF
)
    fi
  fi
  printf '| %-22s | %8s | %8s | %7s | %6s | %7s | %6s | %8s | %6s | %6s | %6s | %4s | %6s |\n' "$name" "$cycles" "$latency" "$bound" "$ratio" "$rec" "$ratio2" "$floor" "$ratio3" "$luts" "$ffs" "$brams" "$memrec"
  if [ "$memrec" = no ] && [ "$ratio" != - ]; then
    without=$((without + 1))
    awk -v r="$ratio" 'BEGIN { exit !(r <= 2) }' && within=$((within + 1))
    awk -v r="$ratio2" 'BEGIN { exit !(r <= 2) }' && within2=$((within2 + 1))
    awk -v r="$ratio3" 'BEGIN { exit !(r != "-" && r <= 2) }' && within3=$((within3 + 1))
    awk -v c="$cycles" -v b="$bound" -v f="${fv:-0}" 'BEGIN { m = b > f ? b : f; exit !(m > 0 && c <= 2 * m) }' &&
      within4=$((within4 + 1))
  fi
done
echo
echo "$within of $without kernels without a memory recurrence within 2x of the port bound"
echo "$within2 of $without kernels without a memory recurrence within 2x of max(port bound, recurrence bound)"
echo "$within3 of $without kernels without a memory recurrence within 2x of the floor"
echo "$within4 of $without kernels without a memory recurrence within 2x of max(port bound, floor)"
[ -z "$reseeded" ] || echo "data from another seed than 1 (out of bounds or no memory access at seed 1):$reseeded"
