#!/usr/bin/env python3
"""Bit-width narrowing: iCE40 area of every HLS kernel with and without it, cycles checked.

For each kernel (default tests/hls/*.mlir; or the files given as arguments) and each mode
(`--no-narrow` = before, default = after), with the kernel's `// hls-options:` line:
  - `rmlir-hls KERNEL --emit verilog`, then `yosys synth_ice40` on it: SB_LUT4 and
    flip-flops (every SB_DFF* cell);
  - the schedule report (`--report -`): the latency (`dyn` when it depends on the data) and
    whether the schedule is the same (function latency and states, every loop's trip,
    cycles per iteration, latency and states): the same schedule is the same cycles on any
    data;
  - a run on data: `rmlir-hls cosim KERNEL --seed 1 --dump FILE` (the Rust simulator,
    Verilator and the interpreter of the source must agree, or cosim fails), whose cycle
    count and results are compared apart: the cycles column says "equal", "fewer" (a
    narrowed comparator or adder may chain more per cycle) or "MORE" (a regression), the
    results column compares only the results and final memories (the random data depends
    on the seed and the kernel's interface only). When the schedule is the same, only the
    narrowed design is run (the same schedule is the same cycles on any data, and cosim
    checked its results against the interpreter of the source, which the wide design
    computes too); FULL_COSIM=1 runs both anyway.
Prints one Markdown row per kernel (LUT4 and FF before and after, latency, schedule,
cycles and results on the data), then the geometric mean of LUT4 after/before and FF
after/before over the kernels where both ran. Env: HLS_BIN (an rmlir-hls binary; default
target/release/rmlir-hls), JOBS (parallel kernels, default 2), YOSYS_TIMEOUT (s, default
900), COSIM_TIMEOUT (s, default 600), PIPELINE=1 (add --pipeline), NO_COSIM=1 (skip the run on data).
Usage: bench/narrow.py [KERNEL.mlir ...]
"""
import concurrent.futures
import glob
import json
import math
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("HLS_BIN", os.path.join(ROOT, "target", "release", "rmlir-hls"))


def options(path):
    with open(path) as f:
        for line in f:
            if line.startswith("// hls-options:"):
                return line.split(":", 1)[1].split()
    return []


def top_of(sv):
    m = re.search(r"^module\s+(\w+)", sv, re.M)
    return m.group(1) if m else None


def area(path, flags):
    """(LUT4, FF) of the kernel under `flags`, or None where a step failed."""
    r = subprocess.run([BIN, path, "--emit", "verilog", *flags], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    with tempfile.TemporaryDirectory() as d:
        sv, stat = os.path.join(d, "k.sv"), os.path.join(d, "stat.json")
        with open(sv, "w") as f:
            f.write(r.stdout)
        top = top_of(r.stdout)
        script = f"read_verilog -sv {sv}; synth_ice40 -top {top}; tee -q -o {stat} stat -json"
        try:
            subprocess.run(["yosys", "-q", "-p", script], check=True, capture_output=True,
                           timeout=int(os.environ.get("YOSYS_TIMEOUT", "900")))
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
            return None
        with open(stat) as f:
            mods = json.load(f)["modules"]
    cells = (mods.get(top) or mods.get("\\" + top) or next(iter(mods.values())))["num_cells_by_type"]
    ffs = sum(n for k, n in cells.items() if k.startswith("SB_DFF"))
    return cells.get("SB_LUT4", 0), ffs


def schedule(path, flags):
    """The report's latency ("dyn" when it depends on the data) and its schedule lines
    (function latency and states, each loop's trip, cycles per iteration, latency, states)."""
    r = subprocess.run([BIN, path, "--emit", "verilog", "--report", "-", *flags],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return "fail", None
    lines = r.stderr.splitlines()
    m = re.search(r"latency (\d+) cycles", r.stderr)
    rows = [re.sub(r", \d+ registers.*", "", l) for l in lines if l.startswith("function ")]
    rows += [l for l in lines if re.match(r"\s*loop\d", l)]
    return (int(m.group(1)) if m else "dyn"), rows


def run_on_data(path, flags):
    """The cosim run's dump on seed 1's data ({"cycles", "results", "memories"}), or None
    when cosim failed (the simulators or the interpreter disagreed, or a tool failed)."""
    if os.environ.get("NO_COSIM") == "1":
        return None
    with tempfile.TemporaryDirectory() as d:
        dump = os.path.join(d, "dump.json")
        try:
            r = subprocess.run([BIN, "cosim", path, "--seed", "1", "--dump", dump, *flags],
                               capture_output=True, text=True,
                               timeout=int(os.environ.get("COSIM_TIMEOUT", "600")))
        except subprocess.TimeoutExpired:
            return None
        if r.returncode != 0 or not os.path.exists(dump):
            return None
        with open(dump) as f:
            return json.load(f)


def measure(path):
    base = options(path) + (["--pipeline"] if os.environ.get("PIPELINE") == "1" else [])
    before, after = base + ["--no-narrow"], base
    (l0, s0), (l1, s1) = schedule(path, before), schedule(path, after)
    sched = s0 is not None and s0 == s1
    d1 = run_on_data(path, after)
    if sched and d1 and os.environ.get("FULL_COSIM") != "1":
        # The same schedule is the same cycles on any data, and cosim of the narrowed design
        # agreed with the interpreter of the source, which is what the wide design computes.
        data = (d1["cycles"], d1["cycles"], True)
    else:
        d0 = run_on_data(path, before)
        same = d0 and d1 and (d0["results"], d0["memories"]) == (d1["results"], d1["memories"])
        data = (d0["cycles"], d1["cycles"], bool(same)) if d0 and d1 else None
    return path, area(path, before), area(path, after), l0, l1, sched, data


def main():
    kernels = sys.argv[1:] or sorted(glob.glob(os.path.join(ROOT, "tests", "hls", "*.mlir")))
    jobs = int(os.environ.get("JOBS", "2"))
    print("| kernel | LUT4 before | LUT4 after | LUT4 change | FF before | FF after | latency before | latency after | schedule | cycles on data before/after | cycles | results |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---|---|", flush=True)
    lut_ratios, ff_ratios, same, rows, agree, equal_cycles, fewer = [], [], 0, 0, 0, 0, 0
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        results = ex.map(measure, kernels)
        for path, a0, a1, c0, c1, sched, data in results:
            rows += 1
            same += sched
            agree += bool(data and data[2])
            equal_cycles += bool(data and data[0] == data[1])
            fewer += bool(data and data[1] < data[0])
            lut_ratios, ff_ratios = row(path, a0, a1, c0, c1, sched, data, lut_ratios, ff_ratios)
    finish(rows, same, (agree, equal_cycles, fewer), lut_ratios, ff_ratios)


def row(path, a0, a1, c0, c1, sched, data, lut_ratios, ff_ratios):
    """Prints one kernel's row; returns the ratios with its own."""
    name = os.path.basename(path)[: -len(".mlir")]
    if a0 and a1:
        lut_ratios.append(a1[0] / max(a0[0], 1))
        if a0[1] and a1[1]:
            ff_ratios.append(a1[1] / a0[1])
        change = f"{100 * (a1[0] - a0[0]) / max(a0[0], 1):+.1f}%"
        cols = [a0[0], a1[0], change, a0[1], a1[1]]
    else:
        cols = [a0[0] if a0 else "fail", a1[0] if a1 else "fail", "-",
                a0[1] if a0 else "fail", a1[1] if a1 else "fail"]
    if data:
        verdict = "equal" if data[1] == data[0] else ("fewer" if data[1] < data[0] else "MORE")
        run = [f"{data[0]}/{data[1]}", verdict, "identical" if data[2] else "DIFFER"]
    else:
        run = ["-", "-", "not run" if os.environ.get("NO_COSIM") == "1" else "cosim failed"]
    print("| " + " | ".join(str(x) for x in [name, *cols, c0, c1, "same" if sched else "DIFFERS", *run])
          + " |", flush=True)
    return lut_ratios, ff_ratios


def finish(rows, same, runs, lut_ratios, ff_ratios):
    """The summary line."""
    def geomean(xs):
        return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")
    g_lut, g_ff = geomean(lut_ratios), geomean(ff_ratios)
    print()
    print(f"kernels: {rows}; schedule (latency, every loop's cycles/iteration and states) equal in {same}; "
          f"on seed 1's data: cycles equal in {runs[1]}, fewer in {runs[2]}, results and final memories identical in {runs[0]}; "
          f"geomean LUT4 after/before {g_lut:.3f} ({100 * (1 - g_lut):.1f}% fewer) over {len(lut_ratios)}; "
          f"geomean FF after/before {g_ff:.3f} ({100 * (1 - g_ff):.1f}% fewer) over {len(ff_ratios)}")


if __name__ == "__main__":
    main()
