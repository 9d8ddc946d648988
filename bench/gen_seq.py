#!/usr/bin/env python3
"""Generates one sequential hw.module of about N ops for the simulator-speed benchmark.

The logic is a pipeline-like mix of random comb ops and registers, like synchronous
designs are: a *stage* is a chain of 20..80 ops of one width (i8, i13, i16, i32, i47 or
i64), each using the previous value of the chain and one random operand (a register, an
earlier value of the stage, or rarely a primary input), converted to the stage's width by
extract or zero-extension. Each stage ends in a register (plain, with reset, or with reset
and enable) whose next value is the stage's last value; stages start from a register, so
there is feedback through registers everywhere. Outputs are the last values of the last
stages of each width plus a few registers. Deterministic for a given seed.

Usage: gen_seq.py N [SEED] > design.mlir
"""
import random
import sys

WIDTHS = [8, 13, 16, 32, 47, 64]
INPUTS = [("a0", 8), ("a1", 16), ("a2", 32), ("a3", 64), ("a4", 13)]


class Gen:
    def __init__(self, n, seed):
        self.rnd = random.Random(seed)
        self.n = n
        self.lines = []
        self.ops = 0
        self.k = 0
        self.regs = []  # (name, width)

    def fresh(self, p):
        self.k += 1
        return f"%{p}{self.k}"

    def emit(self, line):
        self.lines.append("  " + line + "\n")
        # Constants fold into their users; count what the optimized netlist keeps (~N).
        self.ops += 0 if "hw.constant" in line else 0.66

    def conv(self, v, wf, wt):
        """Value v of width wf as width wt."""
        if wf == wt:
            return v
        if wf > wt:
            lo = self.rnd.randrange(0, wf - wt + 1)
            x = self.fresh("x")
            self.emit(f"{x} = comb.extract {v} from {lo} : (i{wf}) -> i{wt}")
            return x
        z = self.fresh("z")
        self.emit(f"{z} = hw.constant 0 : i{wt - wf}")
        x = self.fresh("x")
        self.emit(f"{x} = comb.concat {z}, {v} : i{wt - wf}, i{wf}")
        return x

    def const(self, w):
        c = self.fresh("c")
        self.emit(f"{c} = hw.constant {self.rnd.randrange(1 << w)} : i{w}")
        return c

    def op(self, prev, other, w):
        r = self.rnd.random()
        v = self.fresh("v")
        if r < 0.60:
            op = self.rnd.choice(["add", "sub", "and", "or", "xor", "xor", "add", "mul"])
            self.emit(f"{v} = comb.{op} {prev}, {other} : i{w}")
        elif r < 0.70:
            op = self.rnd.choice(["shl", "shru", "shrs"])
            amt = self.conv(self.const(3 if w < 16 else 5), 3 if w < 16 else 5, w)
            self.emit(f"{v} = comb.{op} {prev}, {amt} : i{w}")
        elif r < 0.85:
            pred = self.rnd.choice(["ult", "slt", "eq", "ne", "uge"])
            c = self.fresh("p")
            self.emit(f"{c} = comb.icmp {pred} {prev}, {other} : i{w}")
            self.emit(f"{v} = comb.mux {c}, {prev}, {other} : i{w}")
        elif r < 0.93:
            s = self.rnd.randrange(1, w)
            lo, hi = self.fresh("l"), self.fresh("h")
            self.emit(f"{lo} = comb.extract {prev} from 0 : (i{w}) -> i{s}")
            self.emit(f"{hi} = comb.extract {other} from {s} : (i{w}) -> i{w - s}")
            self.emit(f"{v} = comb.concat {lo}, {hi} : i{s}, i{w - s}")
        else:
            self.emit(f"{v} = comb.xor {prev}, {self.const(w)} : i{w}")
        return v

    def run(self):
        rnd = self.rnd
        # Registers are declared by their first use (graph region); their defining op is
        # emitted when their stage ends.
        pending = []  # (reg name, width) awaiting definition
        for w in WIDTHS:
            r = self.fresh("r")
            self.regs.append((r, w))
            pending.append((r, w, None))
        last = {}
        stage = 0
        while self.ops < self.n:
            w = rnd.choice(WIDTHS)
            start_reg = rnd.choice(self.regs)
            prev = self.conv(start_reg[0], start_reg[1], w)
            if stage % 8 == 3:
                name, iw = rnd.choice(INPUTS)
                prev = self.op(prev, self.conv("%" + name, iw, w), w)
            vals = [prev]
            for _ in range(rnd.randrange(20, 80)):
                if rnd.random() < 0.5:
                    ow_name, ow = rnd.choice(self.regs)
                    other = self.conv(ow_name, ow, w)
                else:
                    other = rnd.choice(vals)
                prev = self.op(prev, other, w)
                vals.append(prev)
            last[w] = prev
            # The stage's register.
            r = self.fresh("r")
            self.regs.append((r, w))
            pending.append((r, w, prev))
            stage += 1
        for (r, w, d) in pending:
            if d is None:
                d = last.get(w) or self.conv(self.regs[-1][0], self.regs[-1][1], w)
            kind = rnd.random()
            if kind < 0.3:
                self.emit(f"{r} = seq.compreg {d}, %clk : i{w}")
            elif kind < 0.7:
                init = self.const(w)
                self.emit(f"{r} = seq.compreg {d}, %clk reset %rst, {init} : i{w}")
            else:
                en = self.fresh("e")
                self.emit(f"{en} = comb.extract {d} from {rnd.randrange(w)} : (i{w}) -> i1")
                zero = self.const(w)
                self.emit(f"{r} = seq.compreg.ce {d}, %clk, {en} reset %rst, {zero} : i{w}")
        outs = [(last.get(w) or self.regs[0][0], w) for w in WIDTHS if w in last]
        outs += [self.regs[-1 - i] for i in range(min(4, len(self.regs)))]
        ins = ", ".join(f"in %{n} : i{w}" for n, w in INPUTS)
        oports = ", ".join(f"out y{i} : i{w}" for i, (_, w) in enumerate(outs))
        head = f"hw.module @seq{self.n}(in %clk : !seq.clock, in %rst : i1, {ins}, {oports}) {{\n"
        tail = "  hw.output " + ", ".join(v for v, _ in outs) + " : "
        tail += ", ".join(f"i{w}" for _, w in outs) + "\n}\n"
        return head + "".join(self.lines) + tail


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    sys.stdout.write(Gen(n, seed).run())


if __name__ == "__main__":
    main()
