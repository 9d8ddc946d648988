#!/usr/bin/env python3
"""Differential fuzzing of the HLS flow: random affine kernels through `rmlir-hls cosim`.

Each case is a generated `func.func` (one to three loop nests of depth one or two over
memref arguments, affine loads and stores whose indices mix the induction variables with
small coefficients, so that accesses of one loop may touch an address another iteration
touches, integer arithmetic of several widths, `iter_args` accumulators, `affine.if`,
`hls.unroll` / `hls.pipeline` directives) synthesized with random options (`--pipeline`,
`--clock-period`, `--max-mul`, `--max-div`) and run by `rmlir-hls cosim`: the Rust simulator
and Verilator against the in-tree interpreter, every memory and result compared after done.
Indices stay inside the memrefs by construction. A case that cosim rejects as a mismatch,
an internal error or a panic is written to OUT/caseN.mlir with its command line; the last
line counts the cases.

Usage: bench/fuzz_hls.py [--seed S] [--cases N] [--out DIR] [--bin PATH]
"""
import argparse
import os
import random
import subprocess
import sys

WIDTHS = [8, 16, 32]


class Gen:
    def __init__(self, rng):
        self.r = rng
        self.n = 0
        self.lines = []

    def fresh(self, p="v"):
        self.n += 1
        return f"%{p}{self.n}"

    def emit(self, depth, text):
        self.lines.append("  " * depth + text)

    def const(self, depth, v, ty):
        c = self.fresh("c")
        self.emit(depth, f"{c} = arith.constant {v} : {ty}")
        return c

    def value(self, depth, pool, ty):
        """An expression of type `ty` over `pool` (values of that type), as a new value."""
        r = self.r
        if not pool or r.random() < 0.15:
            return self.const(depth, r.choice([0, 1, 3, -1, 5, 100, -7]), ty)
        a = r.choice(pool)
        kind = r.choice(["add", "sub", "mul", "xor", "and", "or", "shl", "sel", "max", "min", "div", "rem", "mulc"])
        b = r.choice(pool)
        v = self.fresh()
        if kind in ("add", "sub", "mul", "xor", "and", "or"):
            op = {"add": "addi", "sub": "subi", "mul": "muli", "xor": "xori", "and": "andi", "or": "ori"}[kind]
            self.emit(depth, f"{v} = arith.{op} {a}, {b} : {ty}")
        elif kind == "mulc":
            c = self.const(depth, r.choice([3, 5, 7, 10, -3]), ty)
            self.emit(depth, f"{v} = arith.muli {a}, {c} : {ty}")
        elif kind == "shl":
            c = self.const(depth, r.randint(0, 3), ty)
            self.emit(depth, f"{v} = arith.shli {a}, {c} : {ty}")
        elif kind == "sel":
            p = self.fresh("p")
            pred = r.choice(["slt", "ult", "eq", "sge", "ne"])
            self.emit(depth, f"{p} = arith.cmpi {pred}, {a}, {b} : {ty}")
            self.emit(depth, f"{v} = arith.select {p}, {a}, {b} : {ty}")
        elif kind in ("max", "min"):
            op = r.choice(["maxsi", "minsi", "maxui", "minui"]) if kind == "max" else r.choice(["minsi", "minui"])
            self.emit(depth, f"{v} = arith.{op} {a}, {b} : {ty}")
        else:
            one = self.const(depth, 1, ty)
            d = self.fresh("d")
            self.emit(depth, f"{d} = arith.ori {b}, {one} : {ty}")
            op = "divui" if kind == "div" else "remui"
            self.emit(depth, f"{v} = arith.{op} {a}, {d} : {ty}")
        return v


def index_expr(r, ivs, size):
    """An affine index over `ivs` ((name, max value)) that stays in [0, size)."""
    terms, top = [], 0
    for name, hi in ivs:
        k = r.choice([0, 1, 1, 2]) if len(ivs) > 1 else r.choice([1, 1, 2, 3])
        if k and top + k * hi < size:
            terms.append(f"{name} * {k}" if k > 1 else name)
            top += k * hi
    c = r.randint(0, size - 1 - top) if top < size - 1 else 0
    if not terms:
        return str(c)
    return " + ".join(terms) + (f" + {c}" if c else "")


def kernel(r):
    g = Gen(r)
    size = 32
    mems = [(f"%m{i}", r.choice(WIDTHS)) for i in range(r.randint(2, 3))]
    ty = {w: f"i{w}" for w in WIDTHS}
    args = ", ".join(f"{m}: memref<{size}xi{w}>" for m, w in mems)
    ret_w = r.choice(WIDTHS)
    g.emit(0, f"func.func @fuzz({args}, %s: i{ret_w}) -> i{ret_w} {{")
    acc_total = "%s"
    for nest in range(r.randint(1, 3)):
        depth_n = r.randint(1, 2)
        loops = []
        for d in range(depth_n):
            lo = r.randint(0, 2)
            hi = lo + r.randint(1, 7)
            step = r.choice([1, 1, 2])
            loops.append((f"%i{nest}_{d}", lo, hi, step))
        carried = r.random() < 0.5
        # Open the loops; the innermost may carry an accumulator.
        # With an accumulator every loop of the nest carries it (the innermost's result is
        # yielded by the one around it).
        init = acc_total
        for d, (iv, lo, hi, step) in enumerate(loops):
            st = f" step {step}" if step > 1 else ""
            if carried:
                res = g.fresh("r")
                acc = g.fresh("a")
                g.emit(1 + d, f"{res} = affine.for {iv} = {lo} to {hi}{st} iter_args({acc} = {init}) -> (i{ret_w}) {{")
                loops[d] = (iv, lo, hi, step, res, acc)
                init = acc
            else:
                g.emit(1 + d, f"affine.for {iv} = {lo} to {hi}{st} {{")
        depth = 1 + depth_n
        ivs = [(l[0], l[2] - 1) for l in loops]
        pool = {w: [] for w in WIDTHS}
        pool[ret_w].append("%s")
        for _ in range(r.randint(1, 4)):
            m, w = r.choice(mems)
            x = g.fresh("x")
            g.emit(depth, f"{x} = affine.load {m}[{index_expr(r, ivs, size)}] : memref<{size}xi{w}>")
            pool[w].append(x)
        inner = loops[-1]
        if carried:
            pool[ret_w].append(inner[5])
        for _ in range(r.randint(1, 5)):
            w = r.choice(WIDTHS)
            pool[w].append(g.value(depth, pool[w], ty[w]))
        for _ in range(r.randint(1, 3)):
            m, w = r.choice(mems)
            v = r.choice(pool[w]) if pool[w] else g.value(depth, pool[w], ty[w])
            idx = index_expr(r, ivs, size)
            if r.random() < 0.2 and len(ivs) >= 1:
                iv, hi = ivs[-1]
                g.emit(depth, f"affine.if affine_set<(d0) : (d0 - {r.randint(0, max(hi, 1))} >= 0)>({iv}) {{")
                g.emit(depth + 1, f"affine.store {v}, {m}[{idx}] : memref<{size}xi{w}>")
                g.emit(depth, "}")
            else:
                g.emit(depth, f"affine.store {v}, {m}[{idx}] : memref<{size}xi{w}>")
        # Close the loops.
        for d in reversed(range(depth_n)):
            l = loops[d]
            attrs = []
            if r.random() < 0.25:
                attrs.append(f"hls.unroll = {r.choice([2, 3, 4, 8])} : i64")
            if d == depth_n - 1 and r.random() < 0.3:
                attrs.append("hls.pipeline")
            tail = " {" + ", ".join(attrs) + "}" if attrs else ""
            if len(l) == 6:
                if d == depth_n - 1:
                    # The recurrence: the carried value combined with one of the body's.
                    v = g.value(2 + d, pool[ret_w], ty[ret_w])
                    y = g.fresh("y")
                    op = r.choice(["addi", "xori", "subi", "maxsi"])
                    g.emit(2 + d, f"{y} = arith.{op} {l[5]}, {v} : i{ret_w}")
                else:
                    y = loops[d + 1][4]
                g.emit(2 + d, f"affine.yield {y} : i{ret_w}")
                g.emit(1 + d, "}" + tail)
                acc_total = l[4]
            else:
                g.emit(1 + d, "}" + tail)
    g.emit(1, f"return {acc_total} : i{ret_w}")
    g.emit(0, "}")
    return "\n".join(g.lines) + "\n"


def options(r):
    o = []
    if r.random() < 0.5:
        o.append("--pipeline")
    if r.random() < 0.3:
        o += ["--clock-period", r.choice(["5", "6", "8", "15"])]
    if r.random() < 0.3:
        o += ["--max-mul", "1"]
    if r.random() < 0.2:
        o += ["--max-div", "1"]
    return o


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=50)
    ap.add_argument("--out", default="target/fuzz-hls")
    ap.add_argument("--bin", default="target/release/rmlir-hls")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    r = random.Random(a.seed)
    counts = {"agree": 0, "rejected": 0, "bug": 0}
    for n in range(a.cases):
        text = kernel(r)
        opts = options(r)
        path = os.path.join(a.out, "current.mlir")
        with open(path, "w") as f:
            f.write(text)
        cmd = [a.bin, "cosim", path, "--seed", str(r.randint(1, 1000))] + opts
        try:
            p = subprocess.run(cmd, capture_output=True, timeout=600)
            out = (p.stdout + p.stderr).decode(errors="replace")
            code = p.returncode
        except subprocess.TimeoutExpired:
            out, code = "timeout", -1
        if code == 0:
            counts["agree"] += 1
            continue
        # An input error (a located `error:` that is not internal) is the input's fault.
        bug = code not in (0, 1) or "internal error" in out or "panicked" in out or "differ" in out \
            or "mismatch" in out or "disagree" in out or "simulator" in out or "interpreter computes" in out \
            or "error:" not in out
        if not bug:
            counts["rejected"] += 1
            why = next((l for l in out.splitlines() if "error:" in l), "?").split("error:", 1)[-1].strip()
            print(f"case {n}: rejected as input: {why}", flush=True)
            continue
        counts["bug"] += 1
        case = os.path.join(a.out, f"case{n}.mlir")
        with open(case, "w") as f:
            f.write(f"// {' '.join(cmd[1:2] + ['FILE'] + cmd[3:])}\n// {out.strip().splitlines()[-1] if out.strip() else ''}\n" + text)
        print(f"case {n}: {case}: {out.strip()[-400:]}", flush=True)
    print(f"{a.cases} cases: {counts['agree']} agree, {counts['rejected']} rejected as input, {counts['bug']} bugs")
    sys.exit(1 if counts["bug"] else 0)


if __name__ == "__main__":
    main()
