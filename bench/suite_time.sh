#!/usr/bin/env bash
# Times the test suite: every test of the integration binary `it` alone in its own process
# (CPU = user + sys of the test and the tools it waits for: Yosys, Verilator, cargo, ...),
# and with --phases the build phases of scripts/test.sh (clippy, doc, the test build).
#
#   bench/suite_time.sh [--phases] [--jobs N] [FILTER...]
#
# BIN=PATH times that it binary instead of building one.
# FILTERs select tests by substring (any of them). --jobs N runs N tests at once (CPU
# stays comparable; wall does not). Prints a table sorted by CPU seconds, the totals, the
# date and `uptime` before and after: on a loaded machine compare CPU, not wall.
# Raw rows go to $OUT (default target/suite_time.tsv): name, wall, user, sys, status.
set -euo pipefail
cd "$(dirname "$0")/.."

phases=0
jobs=1
filters=()
while [ $# -gt 0 ]; do
    case "$1" in
        --phases) phases=1 ;;
        --jobs) jobs="$2"; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) filters+=(-e "$1") ;;
    esac
    shift
done

[ ${#filters[@]} -gt 0 ] || filters=(-e "")
target="${CARGO_TARGET_DIR:-target}"
out="${OUT:-$target/suite_time.tsv}"
mkdir -p "$(dirname "$out")"
echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')  nproc: $(nproc)"
echo "uptime before: $(uptime)"

timed() { # LABEL CMD...: one row "LABEL wall user sys status" on stdout
    local label="$1" tf status=0
    shift
    tf=$(mktemp)
    /usr/bin/time -o "$tf" -f '%e %U %S' "$@" >/dev/null 2>&1 || status=$?
    echo "$label $(tail -n 1 "$tf") $status"
    rm -f "$tf"
}

if [ "$phases" = 1 ]; then
    echo "build phases (each after the previous, same target dir):"
    {
        timed clippy cargo clippy --workspace --all-targets --release -- -D warnings
        RUSTDOCFLAGS="-D warnings" timed doc cargo doc --workspace --no-deps --document-private-items
        timed test-build cargo test --workspace --release --no-run
    } | awk '{ printf "  %-12s wall %7.1f s  cpu %7.1f s  status %s\n", $1, $2, $3 + $4, $5 }'
fi

# BIN=path skips the build (e.g. to time a binary built earlier while the tree changes).
bin="${BIN:-}"
[ -n "$bin" ] || bin=$(cargo test --release --test it --no-run --message-format json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*\/it-[0-9a-f]*\)".*/\1/p' | tail -n 1)
[ -x "$bin" ] || { echo "suite_time: cannot find the it binary" >&2; exit 1; }
echo "binary: $bin ($("$bin" --list 2>/dev/null | grep -c ': test$') tests)"

"$bin" --list 2>/dev/null | sed -n 's/: test$//p' | grep -F "${filters[@]}" > "$out.names" || true
export -f timed
export bin
: > "$out"
# The tests run as under `cargo test`, without CARGO_TARGET_DIR: with it, the generated Rust
# simulators would build in (and wait for the lock of) this target dir.
unset CARGO_TARGET_DIR
xargs -a "$out.names" -P "$jobs" -I{} bash -c 'timed "$1" "$bin" --exact "$1" --test-threads 1' _ {} >> "$out"
rm -f "$out.names"

echo "uptime after: $(uptime)"
echo "   cpu s   wall s  test (sorted by CPU = user + sys)"
awk '{ printf "%8.1f %8.1f  %s%s\n", $3 + $4, $2, $1, $5 == 0 ? "" : "  FAILED" }' "$out" | sort -g -r
awk '{ tc += $3 + $4; tw += $2 } END { printf "%8.1f %8.1f  TOTAL (%d tests)\n", tc, tw, NR }' "$out"
