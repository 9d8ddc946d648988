#!/usr/bin/env python3
"""Generates one hw.module of N comb ops (default 1,000,000) for the reader/emitter benchmark.

Every op uses the previous value and one random earlier value, so all of it stays live
after -O1 (no dead-code shortcut). Deterministic for a given seed.
"""
import random
import sys

def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rnd = random.Random(seed)
    out = sys.stdout
    ins = 16
    ports = ", ".join(f"in %a{i} : i32" for i in range(ins))
    out.write(f"hw.module @big({ports}, out y : i32, out z : i1) {{\n")
    names = [f"%a{i}" for i in range(ins)]
    binops = ["add", "sub", "and", "or", "xor", "mul", "shl", "shru"]
    lines = []
    k = 0
    while k < n:
        prev = names[-1]
        other = names[rnd.randrange(max(0, len(names) - 1000), len(names))]
        r = rnd.random()
        v = f"%v{k}"
        if r < 0.70:
            op = rnd.choice(binops)
            lines.append(f"  {v} = comb.{op} {prev}, {other} : i32\n")
        elif r < 0.80:
            lines.append(f"  %c{k} = comb.icmp ult {prev}, {other} : i32\n")
            lines.append(f"  {v} = comb.mux %c{k}, {prev}, {other} : i32\n")
            k += 1
        elif r < 0.90:
            lines.append(f"  %l{k} = comb.extract {prev} from 0 : (i32) -> i16\n")
            lines.append(f"  %h{k} = comb.extract {other} from 16 : (i32) -> i16\n")
            lines.append(f"  {v} = comb.concat %l{k}, %h{k} : i16, i16\n")
            k += 2
        else:
            lines.append(f"  %k{k} = hw.constant {rnd.randrange(1 << 32)} : i32\n")
            lines.append(f"  {v} = comb.xor {prev}, %k{k} : i32\n")
            k += 1
        names.append(v)
        k += 1
        if len(lines) >= 10000:
            out.write("".join(lines))
            lines = []
    out.write("".join(lines))
    out.write(f"  %zz = comb.parity {names[-2]} : i32\n")
    out.write(f"  hw.output {names[-1]}, %zz : i32, i1\n}}\n")

if __name__ == "__main__":
    main()
