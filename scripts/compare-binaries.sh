#!/usr/bin/env bash
# Runs two rmlir-hls binaries over every example and file case (examples/, tests/cases/,
# tests/hls/**.mlir) in the main emit modes, plus a set of command lines whose messages
# the user sees (help, option errors, stdin, Yosys JSON input), and reports every case
# where stdout, stderr or the exit status differ. Exit 0 if none differ.
#
#   scripts/compare-binaries.sh OLD_BIN NEW_BIN [JOBS]
#
# Written for the flow refactoring (issue 23 item 1): the old binary is main's, the new
# one the branch's; outputs must be byte-identical.
set -u
old=$(realpath "$1")
new=$(realpath "$2")
jobs=${3:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"

modes=(
  "--emit verilog"
  "--emit mlir"
  "--emit mlir -O0"
  "--emit mlir -O2"
  "--emit dot"
  "--emit yosys-json"
  "--emit mlir --lut 4"
  "--emit verilog -O2 --lut 4 --lut-goal area"
  "--emit mlir --flatten --stats --time-passes"
)

# One case per line: a command line (arguments separated by spaces, run from the root).
{
  for f in examples/*.mlir tests/cases/*.mlir $(find tests/hls -name '*.mlir' | sort); do
    for m in "${modes[@]}"; do echo "$f $m"; done
  done
  echo "examples/counter.mlir --emit verilog --report -"
  echo "tests/hls/gcd.mlir --emit verilog --report -"
  echo "tests/hls/gcd.mlir --emit mlir --report - -o /dev/null"
  echo "tests/hls/gcd.mlir --emit verilog --clock-period 0.1"
  echo "tests/hls/gcd.mlir --emit mlir --print-after cse"
  echo "tests/hls/gcd.mlir --emit mlir --print-after cs"
  echo "examples/counter.mlir --emit verilog --max-mul 2 --pipeline"
  echo "examples/counter.mlir --emit verilog --generic"
  echo "examples/counter.mlir --emit dot --dialect heir"
  echo "examples/counter.mlir --emit mlir --dialect circt"
  echo "examples/counter.mlir --emit rust-sim"
  echo "examples/counter.mlir --emit verilog --lut-goal speed"
  echo "examples/counter.mlir --emit verilog --lut 7"
  echo "examples/counter.mlir --emit verilog -O3"
  echo "examples/counter.mlir --emit vhdl"
  echo "examples/counter.mlir"
  echo "--emit verilog"
  echo "/nonexistent.mlir --emit verilog"
  echo "--help"
  echo "-h"
  echo "--version"
  echo "help"
  echo "help cosim"
  echo "help fpga"
  echo "cosim --help"
  echo "fpga --help"
  echo "cosim"
  echo "fpga examples/counter.mlir"
  echo "fpga examples/counter.mlir -o /tmp/x --synth abc"
  echo "fpga examples/counter.mlir -o /tmp/x --lut-goal speed"
  echo "fpga examples/counter.mlir -o /tmp/x --register-io --serial-io"
  echo "fpga examples/counter.mlir -o /tmp/x --device xc7"
  echo "cosim examples/counter.mlir --cycles x"
  echo "cosim examples/counter.mlir --bogus"
  echo ""
} > "$work/cases"

run_case() {
  local bin=$1 dir=$2 n=$3 line=$4
  # shellcheck disable=SC2086
  (cd "$root" && timeout 300 "$bin" $line >"$dir/$n.out" 2>"$dir/$n.err" </dev/null; echo $? >"$dir/$n.rc")
  # The binary's own name appears in clap's messages: make both read `rmlir-hls`; pass
  # times (`--time-passes`) differ from run to run.
  sed -i -E "s#$bin#rmlir-hls#g; s/[0-9]+\.[0-9]+ ms/N ms/g" "$dir/$n.err" "$dir/$n.out"
}
export -f run_case
export root

mkdir -p "$work/old" "$work/new"
nl -ba -w1 -s' ' "$work/cases" | while read -r n line; do
  printf '%s\0%s\0%s\0%s\0' "$old" "$work/old" "$n" "$line"
  printf '%s\0%s\0%s\0%s\0' "$new" "$work/new" "$n" "$line"
done | xargs -0 -n4 -P"$jobs" bash -c 'run_case "$@"' _

# stdin and Yosys JSON input, run in order.
for side in old new; do
  bin=$old; [ "$side" = new ] && bin=$new
  "$bin" - --emit verilog <examples/counter.mlir >"$work/$side/stdin.out" 2>"$work/$side/stdin.err"
  echo $? >"$work/$side/stdin.rc"
  for f in examples/*.mlir; do
    b=$(basename "$f" .mlir)
    "$old" "$f" --emit yosys-json -o "$work/$b.json" 2>/dev/null || continue
    "$bin" "$work/$b.json" --emit verilog >"$work/$side/json-$b.out" 2>"$work/$side/json-$b.err"
    echo $? >"$work/$side/json-$b.rc"
  done
  # --emit rust-sim into a directory: the crate's files.
  "$bin" examples/counter.mlir --emit rust-sim -o "$work/$side-sim" >/dev/null 2>&1
  (cd "$work/$side-sim" && find . -type f | sort | xargs cat) >"$work/$side/rustsim.out"
done

total=0
bad=0
for f in "$work"/old/*; do
  b=$(basename "$f")
  total=$((total + 1))
  if ! cmp -s "$f" "$work/new/$b"; then
    bad=$((bad + 1))
    n=${b%.*}
    line=$(sed -n "${n}p" "$work/cases" 2>/dev/null)
    echo "DIFF $b: rmlir-hls $line"
    diff "$f" "$work/new/$b" | head -20
  fi
done
cases=$(wc -l <"$work/cases")
echo "compared $total files (stdout, stderr, exit status) of $cases command lines + stdin, JSON input and rust-sim: $bad differ"
[ "$bad" -eq 0 ]
