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

`--mix affine` (the default) is the generator above; a seed gives the same cases as before
`--mix` existed. `--mix wide` is a second generator (WideGen) for what the first never
makes: `scf.for` (index and i32 bounds) / `scf.if` / `scf.while` with iter_args and
results, local memories (`memref.alloc`/`alloca`, filled first, then read and written at
masked or data-dependent addresses), widths 1, 5, 8, 13, 16, 24, 32, 64 (three per kernel)
with `extsi`/`extui`/`trunci`/`index_cast`/`index_castui` between them, every `cmpi`
predicate with `select`, shifts by variables (the amount `urem w` or masked below the
width), `divsi/divui/remsi/remui/ceildivsi/floordivsi` by variables (divisor `| 1`,
signed dividends kept off MIN), `max/min si/ui`, `affine.if` with `else` yielding values
(sets over several ivs and the symbol), `affine.min`/`max` bound maps, symbolic bounds
from an `index` argument (min'ed with a constant), affine access maps `mod 16` with
negative coefficients, `floordiv` and `symbol(...)`, `affine.apply`, a second function
called with `func.call` (scalars, or a memref and a loop), and a loop of `cf.br`/
`cf.cond_br` blocks with a diamond at the end of the function. Each wide kernel is first
checked by `mlir-opt` (a kernel it rejects, or one the interpreter finds undefined on its
data, is counted as a generator bug, not a compiler bug).

`--reference` adds a judge we did not write: after a case passes cosim (run with `--keep`),
the script reads the exact data cosim drew (`data.txt`: the scalars and initial memories)
and the final results and memories (the kept Rust simulator re-run on that file; cosim has
just shown Verilator and the interpreter give the same), builds a `@main` as
tests/it/support/hls_support/reference.rs does (one `memref.global` per memref argument, the scalars
as constants, `index` ones as 32-bit values, the call of `@fuzz` — which may call
`@helper` — and every result and memref element printed as a sign-extended i64 by
`vector.print`), lowers it with reference.rs's `mlir-opt` pipeline (index 32 bits wide)
and runs it with `mlir-cpu-runner`; every result and element must agree modulo its width.
A difference (or a failing mlir-opt / mlir-cpu-runner) is saved as OUT/caseN.mlir with
OUT/caseN.txt (the command line, the data, both outputs, the module run) and counted in
the last line ("K differ from mlir-cpu-runner"). Before the cases, the checker is tested
on a fixed kernel (a call, `index` and i1 scalars, i1 memory and result) with hand-computed
values: it must agree with them and report each of four corrupted expectations (a wrong
result, a wrong element of each memory, a memory left out); `--self-test` runs only that.

Usage: bench/fuzz_hls.py [--seed S] [--cases N] [--out DIR] [--bin PATH] [--mix affine|wide]
       [--reference]
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


# ---------------------------------------------------------------------------------------
# --mix wide: the constructs the affine mix never makes.

WIDE = [1, 5, 8, 13, 16, 24, 32, 64]
PREDS = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
SIZE = 16  # every memref of the wide mix has 16 elements: `& 15` keeps an index in range


def signed(v, w):
    """`v` as a literal of type i`w` (in the signed range, which MLIR's parser accepts)."""
    v &= (1 << w) - 1
    return v - (1 << w) if v >> (w - 1) else v


class Scope:
    """The values visible at one point: per width the SSA names, index values with their
    range (name, lo, hi) and the enclosing affine.for induction variables (name, lo, hi)."""

    def __init__(self, parent=None):
        self.pool = {w: list(parent.pool[w]) if parent else [] for w in WIDE}
        self.idx = list(parent.idx) if parent else []
        self.aivs = list(parent.aivs) if parent else []


class WideGen(Gen):
    """Kernels over odd and wide types with scf, cf, local memories, calls and affine
    min/max/symbolic bounds. Every kernel is defined on any data: indices are masked or
    bounded, divisors are odd (`| 1`), signed dividends are kept off MIN, shift amounts are
    reduced below the width, local memories are written before they are read."""

    def __init__(self, rng):
        super().__init__(rng)
        self.maps = []
        self.mems = []
        self.sym = None
        self.helper = None
        self.widths = rng.sample(WIDE, 3)

    def width(self):
        """Mostly one of the kernel's three widths, sometimes any."""
        return self.r.choice(self.widths) if self.r.random() < 0.85 else self.r.choice(WIDE)

    def map_alias(self, text):
        name = f"#map{len(self.maps)}"
        self.maps.append(f"{name} = {text}")
        return name

    def cst(self, depth, v, w):
        if w == 1:
            return self.const_raw(depth, "true" if v & 1 else "false", "")
        return self.const_raw(depth, str(signed(v, w)), f" : i{w}")

    def const_raw(self, depth, lit, ty):
        c = self.fresh("c")
        self.emit(depth, f"{c} = arith.constant {lit}{ty}")
        return c

    def idx_const(self, depth, v):
        return self.const_raw(depth, str(v), " : index")

    def convert(self, depth, sc, w):
        """A value of width `w` converted from another width's value or an index."""
        r = self.r
        srcs = [u for u in WIDE if u != w and sc.pool[u]]
        if sc.idx and (not srcs or r.random() < 0.25):
            i = r.choice(sc.idx)[0]
            v = self.fresh()
            op = r.choice(["index_cast", "index_castui"])
            self.emit(depth, f"{v} = arith.{op} {i} : index to i{w}")
            return v
        if not srcs:
            return self.cst(depth, r.choice([0, 1, 3, -1, 5, 100, -7]), w)
        u = r.choice(srcs)
        a = r.choice(sc.pool[u])
        v = self.fresh()
        op = "trunci" if u > w else r.choice(["extsi", "extui"])
        self.emit(depth, f"{v} = arith.{op} {a} : i{u} to i{w}")
        return v

    def val(self, depth, sc, w, new=False):
        """A value of width `w`: one of the pool's or a new expression over it."""
        r = self.r
        if sc.pool[w] and not new and r.random() < 0.4:
            # Mostly a recent value, so that few computations are dead.
            return r.choice(sc.pool[w][-3:] if r.random() < 0.6 else sc.pool[w])
        v = self.expr(depth, sc, w)
        sc.pool[w].append(v)
        return v

    def expr(self, depth, sc, w):
        r = self.r
        pool = sc.pool[w]
        if not pool or r.random() < 0.12:
            if r.random() < 0.5:
                return self.convert(depth, sc, w)
            return self.cst(depth, r.choice([0, 1, 3, -1, 5, 100, -7, 1 << (w - 1)]), w)
        a = r.choice(pool[-4:]) if r.random() < 0.6 else r.choice(pool)
        b = r.choice([x for x in pool if x != a] or pool)
        ty = f"i{w}"
        kind = r.choice(["arith", "arith", "shift", "cmp", "minmax", "div", "div", "conv", "mulc"])
        v = self.fresh()
        if kind == "arith":
            op = r.choice(["addi", "subi", "muli", "xori", "andi", "ori"])
            self.emit(depth, f"{v} = arith.{op} {a}, {b} : {ty}")
        elif kind == "mulc":
            c = self.cst(depth, r.choice([3, 5, 7, 10, -3, 6]), w)
            self.emit(depth, f"{v} = arith.muli {a}, {c} : {ty}")
        elif kind == "shift":
            op = r.choice(["shli", "shrsi", "shrui"])
            if r.random() < 0.5:
                # The amount reduced below the width: `b urem w` or `b & (2^k - 1)`, 2^k <= w.
                amt = self.fresh("s")
                if r.random() < 0.5 or w == 1:
                    c = self.cst(depth, w, w) if w > 2 else self.cst(depth, 1, w)
                    # i1: `b urem 1` is 0; i2 does not occur. For w > 2, w fits in i{w}
                    # as an unsigned value.
                    self.emit(depth, f"{amt} = arith.remui {b}, {c} : {ty}")
                else:
                    k = 1
                    while k * 2 <= w:
                        k *= 2
                    c = self.cst(depth, k - 1, w)
                    self.emit(depth, f"{amt} = arith.andi {b}, {c} : {ty}")
            else:
                amt = self.cst(depth, r.randint(0, w - 1), w)
            self.emit(depth, f"{v} = arith.{op} {a}, {amt} : {ty}")
        elif kind == "cmp":
            u = r.choice([u for u in WIDE if sc.pool[u]])
            x = r.choice(sc.pool[u])
            y = r.choice([v for v in sc.pool[u] if v != x] or sc.pool[u])
            p = self.fresh("p")
            self.emit(depth, f"{p} = arith.cmpi {r.choice(PREDS)}, {x}, {y} : i{u}")
            if w == 1 and r.random() < 0.5:
                return p
            self.emit(depth, f"{v} = arith.select {p}, {a}, {b} : {ty}")
        elif kind == "minmax":
            op = r.choice(["maxsi", "minsi", "maxui", "minui"])
            self.emit(depth, f"{v} = arith.{op} {a}, {b} : {ty}")
        elif kind == "div":
            one = self.cst(depth, 1, w)
            d = self.fresh("d")
            self.emit(depth, f"{d} = arith.ori {b}, {one} : {ty}")
            ops = ["divui", "remui"] + (["divsi", "remsi", "ceildivsi", "floordivsi"] if w > 1 else [])
            op = r.choice(ops)
            if op in ("divui", "remui"):
                self.emit(depth, f"{v} = arith.{op} {a}, {d} : {ty}")
            else:
                # Keep the dividend off MIN (MIN / -1 is undefined).
                n = self.fresh("n")
                if r.random() < 0.5:
                    c1 = self.cst(depth, 1, w)
                    self.emit(depth, f"{n} = arith.shrsi {a}, {c1} : {ty}")
                else:
                    mn = self.cst(depth, 1 << (w - 1), w)
                    z = self.cst(depth, r.choice([0, 1, -1]), w)
                    q = self.fresh("p")
                    self.emit(depth, f"{q} = arith.cmpi eq, {a}, {mn} : {ty}")
                    self.emit(depth, f"{n} = arith.select {q}, {z}, {a} : {ty}")
                self.emit(depth, f"{v} = arith.{op} {n}, {d} : {ty}")
        else:
            return self.convert(depth, sc, w)
        return v

    # -- indices ---------------------------------------------------------------------------

    def index(self, depth, sc):
        """An `index` value in [0, SIZE)."""
        r = self.r
        safe = [i for i in sc.idx if i[1] >= 0 and i[2] < SIZE]
        k = r.random()
        if safe and k < 0.4:
            return r.choice(safe)[0]
        if sc.idx and k < 0.6:
            a = r.choice(sc.idx)[0]
            v = self.fresh("x")
            if r.random() < 0.5:
                m = self.idx_const(depth, SIZE - 1)
                self.emit(depth, f"{v} = arith.andi {a}, {m} : index")
            else:
                m = self.idx_const(depth, SIZE)
                # remui of a non-negative index (every index value here is >= 0 or masked)
                t = self.fresh("x")
                m2 = self.idx_const(depth, 0x7FFF)
                self.emit(depth, f"{t} = arith.andi {a}, {m2} : index")
                self.emit(depth, f"{v} = arith.remui {t}, {m} : index")
            return v
        if sc.aivs and k < 0.75:
            e, dims = self.affine_expr(sc, True)
            m = self.map_alias(f"affine_map<({', '.join(f'd{i}' for i in range(len(dims)))}) -> ({e})>")
            v = self.fresh("x")
            self.emit(depth, f"{v} = affine.apply {m}({', '.join(dims)})")
            return v
        # Data-dependent: a value of any width, cast to index and masked.
        w = r.choice([u for u in WIDE if sc.pool[u]] or [32])
        x = self.val(depth, sc, w)
        if w == 1:
            t = self.fresh("x")
            self.emit(depth, f"{t} = arith.extui {x} : i1 to i32")
            x, w = t, 32
        c = self.fresh("x")
        self.emit(depth, f"{c} = arith.{r.choice(['index_cast', 'index_castui'])} {x} : i{w} to index")
        m = self.idx_const(depth, SIZE - 1)
        v = self.fresh("x")
        self.emit(depth, f"{v} = arith.andi {c}, {m} : index")
        return v

    def affine_expr(self, sc, as_map):
        """An affine expression over the enclosing affine.for ivs (and the symbol) with
        values in [0, SIZE): a bounded sum or anything `mod SIZE`. With `as_map`, dims are
        d0, d1, ... and the symbol is a dim too; else the ivs by name. Returns (text, dims)."""
        r = self.r
        ivs = list(sc.aivs)
        names = [iv[0] for iv in ivs]

        def nm(i):
            return f"d{i}" if as_map else names[i]

        if r.random() < 0.5:
            # A bounded sum: non-negative coefficients within the range.
            terms, top = [], 0
            for i, (_, lo, hi) in enumerate(ivs):
                k = r.choice([0, 1, 1, 2, 3])
                if k and top + k * hi < SIZE:
                    terms.append(f"{nm(i)} * {k}" if k > 1 else nm(i))
                    top += k * hi
            c = r.randint(0, SIZE - 1 - top) if top < SIZE - 1 else 0
            e = " + ".join(terms + ([str(c)] if c or not terms else []))
            if not as_map:
                return e, names
            return e, names
        terms = []
        for i in range(len(ivs)):
            k = r.choice([0, 1, -1, 2, 3, -3, 5])
            if k:
                terms.append(f"{nm(i)} * {k}" if k != 1 else nm(i))
        if self.sym and r.random() < 0.3:
            terms.append(("d" + str(len(ivs))) if as_map else f"symbol({self.sym})")
            names = names + [self.sym]
        c = r.randint(0, 20)
        body = " + ".join(terms + [str(c)])
        if r.random() < 0.3 and terms:
            body = f"({body}) floordiv {r.choice([2, 3, 4])}"
        return f"({body}) mod {SIZE}", names

    # -- memory ----------------------------------------------------------------------------

    def subscript(self, depth, sc):
        """An access's dialect and index: an affine map of the induction variables (when
        there are some, 60%) or a memref index value."""
        if sc.aivs and self.r.random() < 0.6:
            e, _ = self.affine_expr(sc, False)
            return "affine", e
        return "memref", self.index(depth, sc)

    def load(self, depth, sc):
        m, w = self.r.choice(self.mems)
        x = self.fresh("l")
        d, i = self.subscript(depth, sc)
        self.emit(depth, f"{x} = {d}.load {m}[{i}] : memref<{SIZE}xi{w}>")
        sc.pool[w].append(x)

    def store(self, depth, sc):
        m, w = self.r.choice(self.mems)
        v = self.val(depth, sc, w)
        d, i = self.subscript(depth, sc)
        self.emit(depth, f"{d}.store {v}, {m}[{i}] : memref<{SIZE}xi{w}>")

    # -- statements ------------------------------------------------------------------------

    def stmts(self, depth, sc, level, n=None):
        r = self.r
        for _ in range(n if n is not None else r.randint(2, 6)):
            k = r.random()
            if k < 0.22:
                self.load(depth, sc)
            elif k < 0.5:
                self.val(depth, sc, self.width(), new=True)
            elif k < 0.65:
                self.store(depth, sc)
            elif k < 0.78:
                self.if_op(depth, sc, level)
            elif k < 0.85 and self.helper:
                self.call(depth, sc)
            elif level < 2:
                self.loop(depth, sc, level + 1)
            else:
                self.val(depth, sc, self.width(), new=True)

    def call(self, depth, sc):
        name, w, with_mem = self.helper
        a, b = self.val(depth, sc, w), self.val(depth, sc, w)
        v = self.fresh()
        if with_mem:
            m = self.helper_mem
            self.emit(depth, f"{v} = func.call @{name}({m}, {a}, {b}) : (memref<{SIZE}xi{w}>, i{w}, i{w}) -> i{w}")
        else:
            self.emit(depth, f"{v} = func.call @{name}({a}, {b}) : (i{w}, i{w}) -> i{w}")
        sc.pool[w].append(v)

    def if_op(self, depth, sc, level):
        r = self.r
        w = self.width()
        results = r.random() < 0.7
        res = self.fresh("f") if results else None
        head = f"{res} = " if results else ""
        rty = f" -> i{w}" if results else ""
        if sc.aivs and r.random() < 0.5:
            ivs = sc.aivs
            dims = ", ".join(f"d{i}" for i in range(len(ivs)))
            i = r.randrange(len(ivs))
            c = r.randint(0, max(ivs[i][2], 1))
            cons = [f"d{i} - {c} >= 0" if r.random() < 0.5 else f"{c} - d{i} >= 0"]
            if len(ivs) > 1 and r.random() < 0.5:
                cons.append(f"d0 - d{len(ivs) - 1} {r.choice(['>= 0', '== 0'])}" if r.random() < 0.7 else "d0 mod 2 == 0")
            syms, sargs = "", ""
            if self.sym and r.random() < 0.3:
                cons.append(f"s0 - d{i} - 1 >= 0")
                syms, sargs = "[s0]", f"[{self.sym}]"
            self.emit(depth, f"{head}affine.if affine_set<({dims}){syms} : ({', '.join(cons)})>({', '.join(iv[0] for iv in ivs)}){sargs}{rty} {{")
            yld = "affine.yield"
        else:
            u = r.choice([u for u in WIDE if sc.pool[u]] or [w])
            x, y = self.val(depth, sc, u), self.val(depth, sc, u)
            p = self.fresh("p")
            self.emit(depth, f"{p} = arith.cmpi {r.choice(PREDS)}, {x}, {y} : i{u}")
            self.emit(depth, f"{head}scf.if {p}{(' -> (i%d)' % w) if results else ''} {{")
            yld = "scf.yield"
        for branch in range(2 if results or r.random() < 0.4 else 1):
            if branch:
                self.emit(depth, "} else {")
            inner = Scope(sc)
            self.stmts(depth + 1, inner, max(level, 2) if r.random() < 0.7 else level, r.randint(0, 3))
            if results:
                self.emit(depth + 1, f"{yld} {self.val(depth + 1, inner, w)} : i{w}")
        self.emit(depth, "}")
        if results:
            sc.pool[w].append(res)

    def loop(self, depth, sc, level):
        r = self.r
        kind = r.choice(["affine", "affine", "scf", "while"])
        # Loop-carried values (widths and initial values).
        accs = [(self.width(),) for _ in range(r.choice([0, 1, 1, 2]))]
        accs = [(w, self.val(depth, sc, w)) for (w,) in accs]
        inner = Scope(sc)
        res = self.fresh("r")
        names = [self.fresh("a") for _ in accs]
        tys = ", ".join(f"i{w}" for w, _ in accs)
        iter_args = ", ".join(f"{n} = {v}" for n, (_, v) in zip(names, accs))
        head = (f"{res}:{len(accs)} = " if len(accs) > 1 else f"{res} = ") if accs else ""
        carried = f" iter_args({iter_args}) -> ({tys})" if accs else ""
        iv = self.fresh("i")
        attrs = []
        const_bounds = True
        if kind == "affine":
            lo, hi, step, bounds = self.affine_bounds(depth, sc)
            const_bounds = " to " in bounds and "#" not in bounds
            st = f" step {step}" if step > 1 else ""
            self.emit(depth, f"{head}affine.for {iv} = {bounds}{st}{carried} {{")
            inner.aivs.append((iv, lo, hi))
            inner.idx.append((iv, lo, hi))
            yld = "affine.yield"
        elif kind == "scf":
            lo = r.randint(0, 3)
            hi = lo + r.randint(1, 8)
            step = r.choice([1, 1, 2, 3])
            if r.random() < 0.3:
                # i32 bounds: the induction variable is an i32.
                c = [self.cst(depth, v, 32) for v in (lo, hi, step)]
                self.emit(depth, f"{head}scf.for {iv} = {c[0]} to {c[1]} step {c[2]}{carried} : i32 {{")
                inner.pool[32].append(iv)
            else:
                c = [self.idx_const(depth, v) for v in (lo, hi, step)]
                ub = c[1]
                if self.sym and r.random() < 0.4:
                    ub = self.fresh("u")
                    const_bounds = False
                    self.emit(depth, f"{ub} = arith.minsi {self.sym}, {c[1]} : index")
                    # A negative symbol makes the loop run zero times.
                self.emit(depth, f"{head}scf.for {iv} = {c[0]} to {ub} step {c[2]}{carried} {{")
                inner.idx.append((iv, lo, hi - 1))
            yld = "scf.yield"
        else:
            # scf.while: a counter below a small limit, and a data-dependent condition.
            lim = self.cst(depth, r.randint(1, 10), 32)
            zero = self.cst(depth, 0, 32)
            k0, k1 = self.fresh("k"), self.fresh("k")
            wnames = [self.fresh("w") for _ in accs]
            inits = ", ".join([f"{k0} = {zero}"] + [f"{n} = {v}" for n, (_, v) in zip(wnames, accs)])
            alltys = ", ".join(["i32"] + [f"i{w}" for w, _ in accs])
            head = f"{res}:{len(accs) + 1} = " if accs else f"{res} = "
            self.emit(depth, f"{head}scf.while ({inits}) : ({alltys}) -> ({alltys}) {{")
            before = Scope(sc)
            before.pool[32].append(k0)
            for n, (w, _) in zip(wnames, accs):
                before.pool[w].append(n)
            go = self.fresh("p")
            self.emit(depth + 1, f"{go} = arith.cmpi slt, {k0}, {lim} : i32")
            if accs and r.random() < 0.5:
                w = accs[0][0]
                c = self.cst(depth + 1, r.choice([0, 7, -1, 100]), w)
                q, g2 = self.fresh("p"), self.fresh("p")
                self.emit(depth + 1, f"{q} = arith.cmpi {r.choice(PREDS)}, {wnames[0]}, {c} : i{w}")
                self.emit(depth + 1, f"{g2} = arith.andi {go}, {q} : i1")
                go = g2
            self.emit(depth + 1, f"scf.condition({go}) {', '.join([k0] + wnames)} : {alltys}")
            self.emit(depth, "} do {")
            self.emit(depth, f"^bb0({', '.join([f'{k1}: i32'] + [f'{n}: i{w}' for n, (w, _) in zip(names, accs)])}):")
            inner.pool[32].append(k1)
            ki = self.fresh("x")
            self.emit(depth + 1, f"{ki} = arith.index_cast {k1} : i32 to index")
            inner.idx.append((ki, 0, 9))
            for n, (w, _) in zip(names, accs):
                inner.pool[w].append(n)
            self.stmts(depth + 1, inner, level)
            one = self.cst(depth + 1, 1, 32)
            k2 = self.fresh("k")
            self.emit(depth + 1, f"{k2} = arith.addi {k1}, {one} : i32")
            ys = [k2] + [self.combine(depth + 1, inner, n, w) for n, (w, _) in zip(names, accs)]
            self.emit(depth + 1, f"scf.yield {', '.join(ys)} : {alltys}")
            self.emit(depth, "}")
            for j, (w, _) in enumerate(accs):
                sc.pool[w].append(f"{res}#{j + 1}")
            return
        for n, (w, _) in zip(names, accs):
            inner.pool[w].append(n)
        for _ in range(r.randint(0, 2)):
            self.load(depth + 1, inner)
        self.stmts(depth + 1, inner, level)
        if accs:
            ys = [self.combine(depth + 1, inner, n, w) for n, (w, _) in zip(names, accs)]
            self.emit(depth + 1, f"{yld} {', '.join(ys)} : {tys}")
        if const_bounds and r.random() < 0.2:
            attrs.append(f"hls.unroll = {r.choice([2, 3, 4, 8])} : i64")
        if r.random() < 0.25:
            attrs.append("hls.pipeline")
        self.emit(depth, "}" + (" {" + ", ".join(attrs) + "}" if attrs else ""))
        for j, (w, _) in enumerate(accs):
            sc.pool[w].append(f"{res}#{j}" if len(accs) > 1 else res)

    def combine(self, depth, sc, acc, w):
        """The next value of a loop-carried `acc`: it combined with one of the body's."""
        r = self.r
        v = self.val(depth, sc, w)
        if r.random() < 0.2:
            return v
        y = self.fresh("y")
        op = r.choice(["addi", "xori", "subi", "maxsi", "minui", "ori"])
        self.emit(depth, f"{y} = arith.{op} {acc}, {v} : i{w}")
        return y

    def fold(self, depth, sc, w):
        """A result of width `w` that depends on several of the scope's recent values."""
        r = self.r
        v = self.val(depth, sc, w)
        for u in r.sample([u for u in WIDE if sc.pool[u]], min(3, len([u for u in WIDE if sc.pool[u]]))):
            x = sc.pool[u][-1]
            if u != w:
                y = self.fresh()
                op = "trunci" if u > w else r.choice(["extsi", "extui"])
                self.emit(depth, f"{y} = arith.{op} {x} : i{u} to i{w}")
                x = y
            z = self.fresh()
            self.emit(depth, f"{z} = arith.{r.choice(['xori', 'addi'])} {v}, {x} : i{w}")
            v = z
        return v

    def affine_bounds(self, depth, sc):
        """(lo, hi, step, text) of an affine.for: constant, max/min maps of an enclosing iv,
        or an upper bound min'ed with the symbol. hi is the largest value the iv takes."""
        r = self.r
        step = r.choice([1, 1, 1, 2, 3])
        k = r.random()
        if sc.aivs and k < 0.3:
            o, olo, ohi = r.choice(sc.aivs)
            a, b = r.randint(0, 3), r.randint(1, 6)
            lb = self.map_alias(f"affine_map<(d0) -> (0, d0 - {a})>")
            top = r.randint(4, SIZE)
            ub = self.map_alias(f"affine_map<(d0) -> (d0 + {b}, {top})>")
            return 0, top - 1, step, f"max {lb}({o}) to min {ub}({o})"
        if self.sym and k < 0.55:
            top = r.randint(1, 12)
            lo = r.randint(0, 2)
            if sc.aivs and r.random() < 0.5:
                o = r.choice(sc.aivs)[0]
                ub = self.map_alias(f"affine_map<(d0)[s0] -> (s0, d0 + {r.randint(1, 4)}, {top})>")
                return lo, top - 1, step, f"{lo} to min {ub}({o})[{self.sym}]"
            ub = self.map_alias(f"affine_map<()[s0] -> (s0, {top})>")
            return lo, top - 1, step, f"{lo} to min {ub}()[{self.sym}]"
        lo = r.randint(0, 3)
        hi = lo + r.randint(1, 8)
        return lo, hi - 1, step, f"{lo} to {hi}"

    # -- functions -------------------------------------------------------------------------

    def helper_func(self):
        """A second function, called from the kernel (inlined): scalar arithmetic, and with
        a memref argument a small loop over it."""
        r = self.r
        w = self.width()
        with_mem = r.random() < 0.4
        name = "helper"
        mem = f", %hm: memref<{SIZE}xi{w}>" if with_mem else ""
        params = f"%hm: memref<{SIZE}xi{w}>, %ha: i{w}, %hb: i{w}" if with_mem else f"%ha: i{w}, %hb: i{w}"
        del mem
        self.emit(0, f"func.func @{name}({params}) -> i{w} {{")
        sc = Scope()
        sc.pool[w] += ["%ha", "%hb"]
        saved = self.mems
        if with_mem:
            self.mems = [("%hm", w)]
            self.loop(1, sc, 1)
        else:
            for _ in range(r.randint(1, 4)):
                self.val(1, sc, w, new=True)
        self.mems = saved
        self.emit(1, f"return {self.val(1, sc, w)} : i{w}")
        self.emit(0, "}")
        self.helper = (name, w, with_mem)

    def kernel(self):
        r = self.r
        if r.random() < 0.35:
            self.helper_func()
        nm = r.randint(1, 3)
        args = [(f"%m{i}", self.width()) for i in range(nm)]
        self.mems = list(args)
        rets = [self.width() for _ in range(r.choice([1, 1, 2]))]
        params = [f"{m}: memref<{SIZE}xi{w}>" for m, w in args]
        sc = Scope()
        for j in range(r.randint(1, 2)):
            w = self.width()
            params.append(f"%s{j}: i{w}")
            sc.pool[w].append(f"%s{j}")
        if r.random() < 0.5:
            self.sym = "%n"
            params.append("%n: index")
            sc.idx.append(("%n", -(1 << 31), (1 << 31) - 1))
        self.emit(0, f"func.func @fuzz({', '.join(params)}) -> ({', '.join(f'i{w}' for w in rets)}) {{")
        if self.helper and self.helper[2]:
            hw = self.helper[1]
            match = [m for m, w in args if w == hw]
            if match:
                self.helper_mem = match[0]
            else:
                self.helper = None
        # Local memories, written everywhere before any read.
        for j in range(r.choice([0, 0, 1, 2])):
            w = self.width()
            m = f"%loc{j}"
            self.emit(1, f"{m} = memref.{r.choice(['alloc', 'alloca'])}() : memref<{SIZE}xi{w}>")
            iv = self.fresh("i")
            self.emit(1, f"affine.for {iv} = 0 to {SIZE} {{")
            init = Scope(sc)
            init.idx.append((iv, 0, SIZE - 1))
            v = self.convert(2, init, w) if r.random() < 0.6 else self.val(2, init, w)
            self.emit(2, f"affine.store {v}, {m}[{iv}] : memref<{SIZE}xi{w}>")
            self.emit(1, "}")
            self.mems.append((m, w))
        for _ in range(r.randint(1, 3)):
            self.loop(1, sc, 1)
            if r.random() < 0.4:
                self.stmts(1, sc, 2, r.randint(1, 3))
        outs = [self.fold(1, sc, w) for w in rets]
        if r.random() < 0.3:
            outs = self.cfg_loop(sc, rets, outs)
        self.emit(1, f"return {', '.join(outs)} : {', '.join(f'i{w}' for w in rets)}")
        self.emit(0, "}")
        return "\n".join(self.maps + self.lines) + "\n"

    def cfg_loop(self, sc, rets, outs):
        """A loop written as blocks (cf.br / cf.cond_br with block arguments) at the end of
        the function, carrying the results; a diamond inside. Returns the exit's values."""
        r = self.r
        w0 = rets[0]
        n = self.idx_const(1, r.randint(1, SIZE))
        z = self.idx_const(1, 0)
        one = self.idx_const(1, 1)
        k, a, e = self.fresh("k"), self.fresh("a"), self.fresh("e")
        self.emit(1, f"cf.br ^bb1({z}, {outs[0]} : index, i{w0})")
        self.emit(0, f"^bb1({k}: index, {a}: i{w0}):")
        go = self.fresh("p")
        self.emit(1, f"{go} = arith.cmpi slt, {k}, {n} : index")
        self.emit(1, f"cf.cond_br {go}, ^bb2, ^bb5({a} : i{w0})")
        self.emit(0, "^bb2:")
        body = Scope(sc)
        body.idx.append((k, 0, SIZE - 1))
        body.pool[w0].append(a)
        body.aivs = []
        self.stmts(1, body, 2, r.randint(1, 4))
        u = r.choice([u for u in WIDE if body.pool[u]])
        p = self.fresh("p")
        self.emit(1, f"{p} = arith.cmpi {r.choice(PREDS)}, {self.val(1, body, u)}, {self.val(1, body, u)} : i{u}")
        v1 = self.val(1, body, w0)
        self.emit(1, f"cf.cond_br {p}, ^bb3, ^bb4({v1} : i{w0})")
        self.emit(0, "^bb3:")
        side = Scope(body)
        self.stmts(1, side, 2, r.randint(0, 2))
        self.emit(1, f"cf.br ^bb4({self.combine(1, side, a, w0)} : i{w0})")
        j = self.fresh("y")
        self.emit(0, f"^bb4({j}: i{w0}):")
        k1 = self.fresh("k")
        self.emit(1, f"{k1} = arith.addi {k}, {one} : index")
        self.emit(1, f"cf.br ^bb1({k1}, {j} : index, i{w0})")
        self.emit(0, f"^bb5({e}: i{w0}):")
        return [e] + outs[1:]


def kernel_wide(r):
    return WideGen(r).kernel()


# ---------------------------------------------------------------------------------------
# --reference: mlir-cpu-runner (LLVM 19) on the data cosim used, as
# tests/it/support/hls_support/reference.rs does for the fixed kernels.

# The lowering of reference.rs (PIPELINE), index 32 bits wide as in SPEC section 4.
REF_PIPELINE = [
    "--convert-linalg-to-loops",
    "--lower-affine",
    "--arith-expand",
    "--convert-scf-to-cf",
    "--convert-vector-to-llvm",
    "--expand-strided-metadata",
    "--finalize-memref-to-llvm=index-bitwidth=32",
    "--convert-arith-to-llvm=index-bitwidth=32",
    "--convert-index-to-llvm=index-bitwidth=32",
    "--convert-cf-to-llvm=index-bitwidth=32",
    "--convert-func-to-llvm=index-bitwidth=32",
    "--reconcile-unrealized-casts",
]


def runner_utils(mlir_opt):
    d = os.path.join(os.path.dirname(os.path.dirname(mlir_opt)), "lib")
    for name in ["libmlir_c_runner_utils.so", "libmlir_c_runner_utils.so.19.1", "libmlir_c_runner_utils.so.19"]:
        if os.path.exists(os.path.join(d, name)):
            return os.path.join(d, name)
    raise RuntimeError(f"libmlir_c_runner_utils not found in {d}")


def type_width(ty):
    """The width of a scalar type (`index` is 32, as in the interpreter and the circuit)."""
    return 32 if ty == "index" else int(ty[1:])


def signature(text, top="fuzz"):
    """[(name, type)] of the parameters and [type] of the results of `func.func @top`, and
    per memref parameter its shape and element type."""
    head = text[text.index(f"func.func @{top}("):]
    head = head[:head.index("{")]
    depth, end = 0, None
    for i, ch in enumerate(head):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                end = i
                break
    params = []
    for part in head[head.index("(") + 1:end].split(","):
        part = part.strip()
        if part:
            name, ty = part.split(":", 1)
            params.append((name.strip(), ty.strip()))
    rest = head[end + 1:].strip()
    results = []
    if rest.startswith("->"):
        results = [t.strip() for t in rest[2:].strip().strip("()").split(",") if t.strip()]
    return params, results


def memref_shape(ty):
    """(shape, element type) of `memref<4x8xi16>` (`memref<i8>`: no dimensions)."""
    parts = ty[len("memref<"):-1].split("x")
    return [int(d) for d in parts[:-1]], parts[-1]


def read_data(path, params):
    """The scalars (name, width, value) and memories (name, shape, elem, words) of a cosim
    data file (`data_text` in cosim/src/hls/mod.rs: the cycle limit, one hex line
    per scalar, one line of hex words per memory, both in parameter order)."""
    lines = open(path).read().split("\n")
    pos = 1
    scalars, mems = [], []
    for name, ty in params:
        if not ty.startswith("memref"):
            scalars.append((name, ty, int(lines[pos].strip(), 16)))
            pos += 1
    for name, ty in params:
        if ty.startswith("memref"):
            shape, elem = memref_shape(ty)
            mems.append((name, ty, shape, elem, [int(w, 16) for w in lines[pos].split()]))
            pos += 1
    return scalars, mems


def parse_sim(text):
    """A driver's output (`parse_run` in cosim/src/hls/mod.rs): results and memories."""
    rets, mems = [], []
    for line in text.splitlines():
        tag, _, rest = line.partition(" ")
        if tag == "ret":
            rets.append(int(rest, 16))
        elif tag == "mem":
            mems.append([int(w, 16) for w in rest.split()])
    return rets, mems


def ref_main(params, results, top, scalars, mems):
    """The globals and `@main` of reference.rs's `main_text` for one data set: one
    memref.global per memref argument, the scalars as constants, the call, then every
    result and every memref element (row-major) printed as a sign-extended i64."""
    def lit(v, ty):
        w = type_width(ty)
        if w == 1:
            return "true" if v & 1 else "false"
        return str(signed(v, w))

    glob, body, tmp = [], ["func.func @main() {", "  %zero64 = arith.constant 0 : i64",
                            "  %ci0 = arith.constant 0 : index", "  %ci1 = arith.constant 1 : index"], [0]

    def fresh(p):
        tmp[0] += 1
        return f"%{p}{tmp[0]}"

    def pr(v, ty):
        e = fresh("pr")
        if ty == "index":
            body.append(f"  {e} = arith.index_cast {v} : index to i64")
        elif type_width(ty) < 64:
            body.append(f"  {e} = arith.extsi {v} : {ty} to i64")
        else:
            body.append(f"  {e} = arith.addi {v}, %zero64 : i64")
        body.append(f"  vector.print {e} : i64")

    sval = {n: (ty, v) for n, ty, v in scalars}
    mval = {m[0]: m for m in mems}
    ops, tys = [], []
    for name, ty in params:
        k = name.lstrip("%")
        if ty.startswith("memref"):
            _, _, shape, elem, words = mval[name]

            def nest(data, shape):
                if not shape:
                    return lit(data[0], elem)
                stride = len(data) // shape[0]
                return "[" + ", ".join(nest(data[i * stride:(i + 1) * stride], shape[1:]) for i in range(shape[0])) + "]"
            glob.append(f'memref.global "private" @g_{k} : {ty} = dense<{nest(words, shape)}>')
            body.append(f"  %m_{k} = memref.get_global @g_{k} : {ty}")
            ops.append(f"%m_{k}")
        else:
            sty, v = sval[name]
            # An i1 constant is `1 : i1` (`true : i1` does not parse), as in reference.rs.
            c = str(v & 1) if type_width(sty) == 1 else lit(v, sty)
            body.append(f"  %s_{k} = arith.constant {c} : {ty}")
            ops.append(f"%s_{k}")
        tys.append(ty)
    call = f"func.call @{top}({', '.join(ops)}) : ({', '.join(tys)}) -> ({', '.join(results)})"
    n = len(results)
    body.append(f"  {call}" if n == 0 else f"  %r = {call}" if n == 1 else f"  %r:{n} = {call}")
    for i, ty in enumerate(results):
        pr("%r" if n == 1 else f"%r#{i}", ty)
    for name, ty, shape, elem, _ in mems:
        k = name.lstrip("%")
        ivs, close = [], 0
        for d, extent in enumerate(shape):
            c, iv = fresh("n"), fresh("i")
            body.append(f"  {c} = arith.constant {extent} : index")
            body.append(f"  scf.for {iv} = %ci0 to {c} step %ci1 {{")
            ivs.append(iv)
            close += 1
        e = fresh("e")
        body.append(f"  {e} = memref.load %m_{k}[{', '.join(ivs)}] : {ty}")
        pr(e, elem)
        body += ["  }"] * close
    body += ["  return", "}"]
    return "\n".join(glob + body) + "\n"


def run_reference(text, top, scalars, mems, mlir_opt, runner):
    """mlir-cpu-runner's results and memories (sign-extended) for the kernel on the data,
    or raises RuntimeError with what failed. Returns also the module it ran."""
    params, results = signature(text, top)
    module = text.rstrip() + "\n" + ref_main(params, results, top, scalars, mems)
    p = subprocess.run([mlir_opt] + REF_PIPELINE + ["-"], input=module.encode(), capture_output=True, timeout=600)
    if p.returncode != 0:
        raise RuntimeError(f"mlir-opt failed: {p.stderr.decode(errors='replace').strip()[:2000]}")
    q = subprocess.run([runner, "-e", "main", "-entry-point-result=void", "-O2", f"-shared-libs={runner_utils(mlir_opt)}"],
                       input=p.stdout, capture_output=True, timeout=600)
    if q.returncode != 0:
        raise RuntimeError(f"mlir-cpu-runner failed: {q.stderr.decode(errors='replace').strip()[:2000]}")
    nums = [int(l) for l in q.stdout.decode().split()]
    rets, nums = nums[:len(results)], nums[len(results):]
    out = []
    for _, _, shape, _, _ in mems:
        k = 1
        for d in shape:
            k *= d
        out.append(nums[:k])
        nums = nums[k:]
    if nums or len(rets) != len(results):
        raise RuntimeError("mlir-cpu-runner printed an unexpected number of values")
    return rets, out, module


def ref_compare(results, mems, got, expected):
    """The first difference between mlir-cpu-runner's values (`got`: results, memories,
    sign-extended i64) and the circuit's (`expected`: zero-extended words), compared modulo
    each value's width; None if they agree."""
    rets, memories = got
    erets, emems = expected
    if len(memories) != len(mems) or len(emems) != len(mems):
        return f"{len(mems)} memories, {len(memories)} from mlir-cpu-runner, {len(emems)} from the circuit"
    for i, ty in enumerate(results):
        mask = (1 << type_width(ty)) - 1
        if i >= len(erets) or rets[i] & mask != erets[i] & mask:
            want = hex(erets[i]) if i < len(erets) else "nothing"
            return f"ret{i}: mlir-cpu-runner gives 0x{rets[i] & mask:x}, the circuit and the interpreter {want}"
    for (name, _, _, elem, _), g, e in zip(mems, memories, emems):
        mask = (1 << type_width(elem)) - 1
        for at, (x, y) in enumerate(zip(g, e)):
            if x & mask != y & mask:
                return (f"memref '{name}' element {at}: mlir-cpu-runner gives 0x{x & mask:x}, "
                        f"the circuit and the interpreter 0x{y & mask:x}")
        if len(g) != len(e):
            return f"memref '{name}': {len(g)} elements from mlir-cpu-runner, {len(e)} from the circuit"
    return None


SELF_TEST = """func.func @helper(%a: i8, %b: i8) -> i8 {
  %c = arith.addi %a, %b : i8
  return %c : i8
}
func.func @fuzz(%m0: memref<4xi8>, %s0: i8, %n: index, %m1: memref<2xi1>, %b: i1) -> (i8, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = memref.load %m0[%c0] : memref<4xi8>
  %y = func.call @helper(%x, %s0) : (i8, i8) -> i8
  %i = arith.index_cast %n : index to i8
  %z = arith.addi %y, %i : i8
  memref.store %z, %m0[%c0] : memref<4xi8>
  %p = arith.cmpi slt, %z, %s0 : i8
  %q = arith.xori %p, %b : i1
  memref.store %q, %m1[%c1] : memref<2xi1>
  return %z, %p : i8, i1
}
"""


def self_test(mlir_opt, runner):
    """The checker on a fixed kernel (a call, `index` and i1 scalars, i1 memory and result) with
    values computed by hand: it must agree, and must report each of four corrupted
    expectations. Returns None or what went wrong."""
    params, results = signature(SELF_TEST)
    # m0 = [0x7f, 1, 0x80, 0xff], s0 = 0xfe (-2), n = 0x12345603 (3 as i8), m1 = [1, 0]:
    # b = 1: z = 0x7f + 0xfe + 3 = 0x80 (-128) < -2, so p = 1 and m1 = [1, p xor b = 0].
    scalars = [("%s0", "i8", 0xFE), ("%n", "index", 0x12345603), ("%b", "i1", 1)]
    mems = [("%m0", "memref<4xi8>", [4], "i8", [0x7F, 1, 0x80, 0xFF]), ("%m1", "memref<2xi1>", [2], "i1", [1, 0])]
    try:
        rets, memories, _ = run_reference(SELF_TEST, "fuzz", scalars, mems, mlir_opt, runner)
    except RuntimeError as e:
        return str(e)
    good = ([0x80, 1], [[0x80, 1, 0x80, 0xFF], [1, 0]])
    d = ref_compare(results, mems, (rets, memories), good)
    if d:
        return f"the reference disagrees with the hand-computed values: {d}"
    for bad in [([0x81, 1], good[1]), (good[0], good[1][:1]), (good[0], [[0x80, 1, 0x80, 0xFE], [1, 0]]), (good[0], [good[1][0], [1, 1]])]:
        if ref_compare(results, mems, (rets, memories), bad) is None:
            return f"a corrupted expectation {bad} passed"
    return None


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


def timing(binary, path, opts, out):
    """What is wrong with the cycle count of a passing cosim, if anything: below the floor
    the interpreter computes (a floor above a real schedule is a bug), or, for a static
    schedule, not the report's latency (the tests check both on their kernels)."""
    get = lambda key: next((int(l.split()[1]) for l in out.splitlines() if l.startswith(key + ":")), None)
    cycles, floor = get("cycles"), get("floor")
    if cycles is not None and floor is not None and cycles < floor:
        return f"{cycles} cycles are under the floor {floor}"
    p = subprocess.run([binary, path, "--emit", "verilog", "-o", os.devnull, "--report", "-"] + opts,
                       capture_output=True, timeout=600)
    line = next((l for l in p.stderr.decode(errors="replace").splitlines() if l.startswith("function fuzz: latency ")), "")
    lat = line.split()[3] if line else "-"
    if cycles is not None and lat != "-" and int(lat) != cycles:
        return f"the report's latency is {lat}, the simulation took {cycles} cycles"
    return None


def reference_check(a, text, keep):
    """None if mlir-cpu-runner agrees with the circuit on the data of the cosim run kept in
    `keep`, else (the difference, a report: the data, both outputs and the module run)."""
    params, results = signature(text)
    data = os.path.join(keep, "data.txt")
    rel = os.path.join(keep, "runner", "target", "release")
    exes = [f for f in os.listdir(rel) if f.startswith("cosim_hls_") and "." not in f] if os.path.isdir(rel) else []
    if len(exes) != 1:
        return "the kept Rust simulator was not found", f"{rel}: {exes}\n"
    # cosim passed, so this run's values are also Verilator's and the interpreter's.
    sim = subprocess.run([os.path.join(rel, exes[0]), data], capture_output=True, timeout=600).stdout.decode()
    scalars, mems = read_data(data, params)
    report = f"data ({data}):\n{open(data).read()}\nthe circuit (Rust simulator = Verilator = interpreter):\n{sim}\n"
    try:
        rets, memories, module = run_reference(text, "fuzz", scalars, mems, a.mlir_opt, a.mlir_cpu_runner)
    except RuntimeError as e:
        return str(e).splitlines()[0], report + f"\n{e}\n"
    report += f"mlir-cpu-runner (sign-extended):\nret {rets}\n" + "".join(f"mem {m}\n" for m in memories)
    report += f"\nthe module run:\n{module}"
    d = ref_compare(results, mems, (rets, memories), parse_sim(sim))
    return (d, report) if d else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=50)
    ap.add_argument("--out", default="target/fuzz-hls")
    ap.add_argument("--bin", default="target/release/rmlir-hls")
    ap.add_argument("--mix", choices=["affine", "wide"], default="affine")
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-19/bin/mlir-opt")
    ap.add_argument("--mlir-cpu-runner", default="/usr/lib/llvm-19/bin/mlir-cpu-runner")
    ap.add_argument("--reference", action="store_true",
                    help="also compare every passing case with mlir-cpu-runner on the same data")
    ap.add_argument("--self-test", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.reference or a.self_test:
        why = self_test(a.mlir_opt, a.mlir_cpu_runner)
        if why:
            sys.exit(f"--reference: the checker's self-test fails: {why}")
        print("--reference: self-test passed (agrees on a fixed kernel, reports 4 corrupted values)", flush=True)
        if a.self_test:
            return
    os.makedirs(a.out, exist_ok=True)
    r = random.Random(a.seed)
    counts = {"agree": 0, "rejected": 0, "bug": 0, "invalid": 0, "differ": 0}
    keep = os.path.abspath(os.path.join(a.out, "keep"))
    for n in range(a.cases):
        text = kernel(r) if a.mix == "affine" else kernel_wide(r)
        opts = options(r)
        path = os.path.join(a.out, "current.mlir")
        with open(path, "w") as f:
            f.write(text)
        if a.mix != "affine" and os.path.exists(a.mlir_opt):
            # The generator's own check: MLIR must take the kernel as written.
            p = subprocess.run([a.mlir_opt, path, "-o", os.devnull], capture_output=True)
            if p.returncode != 0:
                counts["invalid"] += 1
                case = os.path.join(a.out, f"invalid{n}.mlir")
                with open(case, "w") as f:
                    f.write(text)
                print(f"case {n}: {case}: mlir-opt rejects the kernel (a generator bug): "
                      f"{p.stderr.decode(errors='replace').strip()[:300]}", flush=True)
                r.randint(1, 1000)
                continue
        cmd = [a.bin, "cosim", path, "--seed", str(r.randint(1, 1000))] + opts
        if a.reference:
            # The data file and the Rust simulator's executable stay in `keep`; an old
            # executable must not pass for this case's.
            rel = os.path.join(keep, "runner", "target", "release")
            if os.path.isdir(rel):
                for f in os.listdir(rel):
                    if f.startswith("cosim_hls_"):
                        os.remove(os.path.join(rel, f))
            cmd_run = cmd + ["--keep", keep]
        else:
            cmd_run = cmd
        try:
            p = subprocess.run(cmd_run, capture_output=True, timeout=600)
            out = (p.stdout + p.stderr).decode(errors="replace")
            code = p.returncode
        except subprocess.TimeoutExpired:
            out, code = "timeout", -1
        if code == 0 and "undefined in MLIR" in out:
            counts["invalid"] += 1
            print(f"case {n}: undefined on its data (a generator bug): {out.strip()[:300]}", flush=True)
            continue
        if code == 0:
            why = timing(a.bin, path, opts, out)
            if why:
                code, out = 1, out + f"\ncosim passed, but {why}"
        if code == 0 and a.reference:
            why = reference_check(a, text, keep)
            if why:
                counts["differ"] += 1
                case = os.path.join(a.out, f"case{n}.mlir")
                with open(case, "w") as f:
                    f.write(f"// {' '.join(cmd[1:2] + ['FILE'] + cmd[3:])}\n// differs from mlir-cpu-runner: "
                            f"{why[0]}\n" + text)
                with open(os.path.join(a.out, f"case{n}.txt"), "w") as f:
                    f.write(f"command: {' '.join(cmd)}\n\n{why[1]}")
                print(f"case {n}: {case}: differs from mlir-cpu-runner: {why[0]}", flush=True)
                continue
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
    tail = f", {counts['differ']} differ from mlir-cpu-runner" if a.reference else ""
    print(f"{a.cases} cases ({a.mix}): {counts['agree']} agree, {counts['rejected']} rejected as input, "
          f"{counts['bug']} bugs, {counts['invalid']} invalid kernels (generator bugs){tail}")
    sys.exit(1 if counts["bug"] or counts["differ"] else 0)


if __name__ == "__main__":
    main()
