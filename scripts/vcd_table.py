#!/usr/bin/env python3
"""Prints a cycle-by-cycle table of named signals from a VCD file (python3 stdlib only).

    scripts/vcd_table.py FILE.vcd SIGNAL... [--clock clk] [--from N] [--to M]

Each row is one rising edge of the clock (counted from 1) and shows what that edge samples:
every signal's value just before the edge. A signal is found by its last name component; the
shallowest match wins (a top-level port over the instance's copy of it). One-bit values print
as 0/1, wider ones in hex. `--from`/`--to` keep edges N..M. Made for the `verilator.vcd` of
`rmlir-hls cosim --vcd DIR` (the Rust simulator's `rust.vcd` has no clock); the user guide's
HLS waveform example (docs/src/hls-testing.md) was printed by it.
"""

import argparse
import sys


def read_vcd(path):
    """Returns ({name path: (code, width)}, {code: [(time, value or None)]})."""
    with open(path) as f:
        text = f.read()
    head, _, body = text.partition("$enddefinitions")
    names, scope = {}, []
    toks = head.split()
    for i, t in enumerate(toks):
        if t == "$scope":
            scope.append(toks[i + 2])
        elif t == "$upscope":
            scope.pop()
        elif t == "$var":  # $var KIND WIDTH CODE NAME [RANGE] $end
            names[".".join(scope + [toks[i + 4]])] = (toks[i + 3], int(toks[i + 2]))
    changes, now = {}, 0
    toks = iter(body.split()[1:])
    for t in toks:
        if t.startswith("#"):
            now = int(t[1:])
            continue
        if t.startswith("$"):
            continue
        if t[0] in "bB":
            value, code = t[1:], next(toks)
        else:
            value, code = t[0], t[1:]
        v = None if any(c in "xXzZ" for c in value) else int(value, 2)
        changes.setdefault(code, []).append((now, v))
    return names, changes


def find(names, sig):
    hits = [p for p in names if p.split(".")[-1] == sig]
    if not hits:
        sys.exit(f"vcd_table: no signal '{sig}'")
    return names[min(hits, key=lambda p: p.count("."))]


def before(changes, code, t):
    """The value of `code` just before time t."""
    v = None
    for ct, cv in changes.get(code, []):
        if ct >= t:
            break
        v = cv
    return v


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("vcd")
    ap.add_argument("signals", nargs="+")
    ap.add_argument("--clock", default="clk")
    ap.add_argument("--from", dest="first", type=int, default=1)
    ap.add_argument("--to", dest="last", type=int, default=None)
    a = ap.parse_args()
    names, changes = read_vcd(a.vcd)
    clk, _ = find(names, a.clock)
    edges, last = [], None
    for t, v in changes.get(clk, []):
        if last == 0 and v == 1:
            edges.append(t)
        last = v
    sigs = [(s,) + find(names, s) for s in a.signals]
    cols = ["edge"] + a.signals
    rows = []
    for n, t in enumerate(edges, 1):
        if n < a.first or (a.last is not None and n > a.last):
            continue
        row = [str(n)]
        for _, code, width in sigs:
            v = before(changes, code, t)
            row.append("x" if v is None else str(v) if width == 1 else f"{v:x}")
        rows.append(row)
    w = [max(len(c), *(len(r[i]) for r in rows)) if rows else len(c) for i, c in enumerate(cols)]
    print("| " + " | ".join(c.rjust(w[i]) for i, c in enumerate(cols)) + " |")
    print("|" + "|".join("-" * (x + 1) + ":" for x in w) + "|")
    for r in rows:
        print("| " + " | ".join(v.rjust(w[i]) for i, v in enumerate(r)) + " |")


if __name__ == "__main__":
    main()
