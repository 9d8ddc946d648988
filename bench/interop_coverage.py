#!/usr/bin/env python3
"""Benchmark: how much of CIRCT's and HEIR's own test inputs rmlir-hls reads.

Usage: bench/interop_coverage.py CIRCT_SRC HEIR_SRC [--bin PATH] [--jobs N]

CIRCT_SRC and HEIR_SRC are checkouts of llvm/circt and google/heir (any recent commit; the
script prints which). Their test files for the hw-level dialects (CIRCT test/Dialect/{HW,
Comb,Seq,SV,Verif,LTL,Datapath,HWArith}, HEIR tests/Dialect/{Comb,Secret} and
tests/Transforms/{yosys_optimizer,secretize}) are split at `// -----` as their RUN lines
do; chunks that expect a diagnostic (`expected-error`, `expected-warning`) are left out.
Each chunk is given to `rmlir-hls CHUNK --emit mlir` as a user would: accepted (exit 0),
rejected with a located error (exit 1), or a crash (anything else, or a panic message: a
bug). The table gives the acceptance per directory and the most common first errors (the
first op name quoted in the message, else the message's start), which is where the reader
stops.
"""

import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

CIRCT_DIRS = ["HW", "Comb", "Seq", "SV", "Verif", "LTL", "Datapath", "HWArith"]
HEIR_DIRS = ["tests/Dialect/Comb", "tests/Dialect/Secret", "tests/Transforms/yosys_optimizer", "tests/Transforms/secretize"]


def chunks(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    for i, part in enumerate(re.split(r"^// -----.*$", text, flags=re.M)):
        if "expected-error" in part or "expected-warning" in part or not part.strip():
            continue
        yield i, part


def reason(stderr):
    m = re.search(r"error: (.*)", stderr)
    if not m:
        return stderr.strip().splitlines()[0][:70] if stderr.strip() else "(no message)"
    msg = m.group(1)
    op = re.search(r"'([a-z_0-9]+\.[a-z_0-9.]+)'", msg)
    if op:
        return op.group(1)
    return re.sub(r"'[^']*'", "'…'", msg)[:70]


def run(binary, tmp, key, text):
    f = os.path.join(tmp, re.sub(r"[^A-Za-z0-9_.]", "_", key) + ".mlir")
    with open(f, "w", encoding="utf-8") as out:
        out.write(text)
    try:
        p = subprocess.run([binary, f, "--emit", "mlir", "-o", f + ".out"], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return key, "crash", "timeout"
    if p.returncode == 0:
        return key, "ok", ""
    if p.returncode == 1 and "panicked" not in p.stderr:
        return key, "error", reason(p.stderr)
    return key, "crash", f"exit {p.returncode}: " + p.stderr.strip()[-120:]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("circt")
    ap.add_argument("heir")
    ap.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "rmlir-hls"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()
    cases = []
    for d in CIRCT_DIRS:
        root = os.path.join(a.circt, "test", "Dialect", d)
        for dirpath, _, files in sorted(os.walk(root)):
            for n in sorted(files):
                if n.endswith(".mlir"):
                    p = os.path.join(dirpath, n)
                    cases += [("circt/" + d, f"{os.path.relpath(p, a.circt)}#{i}", t) for i, t in chunks(p)]
    for d in HEIR_DIRS:
        root = os.path.join(a.heir, d)
        for dirpath, _, files in sorted(os.walk(root)):
            for n in sorted(files):
                if n.endswith(".mlir"):
                    p = os.path.join(dirpath, n)
                    cases += [("heir/" + d.split("/")[-1], f"{os.path.relpath(p, a.heir)}#{i}", t) for i, t in chunks(p)]
    for name, src in [("circt", a.circt), ("heir", a.heir)]:
        rev = subprocess.run(["git", "-C", src, "log", "-1", "--format=%h %cs"], capture_output=True, text=True).stdout.strip()
        print(f"{name}: {src} ({rev or 'not a git checkout'})")
    results = {}
    with tempfile.TemporaryDirectory() as tmp, concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        futs = [ex.submit(run, a.bin, tmp, key, text) for _, key, text in cases]
        for fut in futs:
            key, verdict, why = fut.result()
            results[key] = (verdict, why)
    by_dir = collections.OrderedDict()
    stops = collections.Counter()
    crashes = []
    for group, key, _ in cases:
        verdict, why = results[key]
        row = by_dir.setdefault(group, collections.Counter())
        row[verdict] += 1
        if verdict == "error":
            stops[why] += 1
        elif verdict == "crash":
            crashes.append((key, why))
    print(f"\n| {'directory':<24} | cases | accepted | located error | crash |")
    print(f"|{'-' * 26}|-------|----------|---------------|-------|")
    tot = collections.Counter()
    for g, c in by_dir.items():
        n = sum(c.values())
        tot.update(c)
        print(f"| {g:<24} | {n:5} | {c['ok']:4} ({100 * c['ok'] / n:3.0f}%) | {c['error']:13} | {c['crash']:5} |")
    n = sum(tot.values())
    print(f"| {'all':<24} | {n:5} | {tot['ok']:4} ({100 * tot['ok'] / max(n, 1):3.0f}%) | {tot['error']:13} | {tot['crash']:5} |")
    print("\nmost common first errors:")
    for why, k in stops.most_common(20):
        print(f"  {k:4}  {why}")
    if crashes:
        print("\ncrashes (bugs):")
        for key, why in crashes:
            print(f"  {key}: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
