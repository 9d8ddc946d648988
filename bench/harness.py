#!/usr/bin/env python3
"""Writes the two benchmark harnesses for one design: a Verilator C++ main and a Rust
binary crate using the generated simulator crate (path dependency).

Both do the same per cycle: draw every input from one xorshift64 generator (in port order;
a 1-bit input named rst/reset is 1 with probability 1/64, the others are the low bits),
set the inputs, settle (`eval()` / `clk=0; eval()`), fold every output into a checksum
(`c = rotl(c, 1) ^ out`), and clock one rising edge (`tick()` / `clk=1; eval()`). They
print `cycles seconds checksum` for the timed loop (construction excluded).

Usage: harness.py SIM_CRATE_DIR SV_FILE OUT_DIR
  writes OUT_DIR/rs/{Cargo.toml,src/main.rs} and OUT_DIR/v/tb.cpp
"""
import os
import re
import sys


def rust_ports(lib):
    """[(dir, user name, field, width)] in port order, and the struct name."""
    ports = []
    pat = re.compile(r"/// (Input|Output) `([^`]*)` \((\d+) bits\)\.\n\s*pub ([A-Za-z0-9_#]+):")
    for m in pat.finditer(lib):
        ports.append((m.group(1), m.group(2), m.group(4), int(m.group(3))))
    sname = re.search(r"pub struct (\w+) \{", lib).group(1)
    return ports, sname


def sv_clock(sv, fields):
    head = sv[sv.index("module "): sv.index(");")]
    names = re.findall(r"input\s+wire\s+(?:\[[^\]]*\]\s*)?(\w+)", head)
    clocks = [n for n in names if n not in {p[1] for p in fields}]
    if len(clocks) != 1:
        sys.exit(f"harness.py: expected one clock, found {clocks}")
    return clocks[0]


def mask(w):
    return (1 << w) - 1


def is_reset(name, w):
    return w == 1 and name in ("rst", "reset")


def main():
    crate, sv_file, out = sys.argv[1:4]
    lib = open(os.path.join(crate, "src/lib.rs")).read()
    ports, sname = rust_ports(lib)
    for p in ports:
        if p[3] > 64:
            sys.exit("harness.py: ports wider than 64 bits are not supported")
    clk = sv_clock(open(sv_file).read(), ports)
    cargo = open(os.path.join(crate, "Cargo.toml")).read()
    pkg = re.search(r'name = "([^"]+)"', cargo).group(1)
    profile = cargo[cargo.index("[profile.release]"):] if "[profile.release]" in cargo else ""
    ins = [p for p in ports if p[0] == "Input"]
    outs = [p for p in ports if p[0] == "Output"]

    # Rust
    rs = []
    rs.append("use std::time::Instant;\n")
    rs.append(f"use {pkg}::{sname};\n\n")
    rs.append("#[inline(always)]\nfn rnd(x: &mut u64) -> u64 {\n    *x ^= *x << 13;\n"
              "    *x ^= *x >> 7;\n    *x ^= *x << 17;\n    *x\n}\n\n")
    rs.append("fn main() {\n    let n: u64 = std::env::args().nth(1).unwrap().parse().unwrap();\n")
    rs.append(f"    let mut m = {sname}::new();\n    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;\n")
    rs.append("    let mut c: u64 = 0;\n    let t = Instant::now();\n    for _ in 0..n {\n")
    for _, name, field, w in ins:
        ty = "u8" if w <= 8 else "u16" if w <= 16 else "u32" if w <= 32 else "u64"
        if is_reset(name, w):
            rs.append(f"        m.{field} = ((rnd(&mut x) & 63) == 0) as {ty};\n")
        else:
            rs.append(f"        m.{field} = (rnd(&mut x) & {mask(w):#x}) as {ty};\n")
    rs.append("        m.eval();\n")
    for _, _, field, _ in outs:
        rs.append(f"        c = c.rotate_left(1) ^ (m.{field} as u64);\n")
    rs.append("        m.tick();\n    }\n    let s = t.elapsed().as_secs_f64();\n")
    rs.append('    println!("{n} {s:.6} {c:016x}");\n}\n')
    os.makedirs(os.path.join(out, "rs/src"), exist_ok=True)
    with open(os.path.join(out, "rs/src/main.rs"), "w") as f:
        f.write("".join(rs))
    with open(os.path.join(out, "rs/Cargo.toml"), "w") as f:
        f.write(f'[package]\nname = "harness"\nversion = "0.1.0"\nedition = "2021"\n\n'
                f'[dependencies]\n{pkg} = {{ path = "{os.path.abspath(crate)}" }}\n\n'
                f"[workspace]\n\n{profile}")

    # C++
    top = re.search(r"module (\w+)\(", open(sv_file).read()).group(1)
    cc = []
    cc.append(f'#include "V{top}.h"\n#include "verilated.h"\n#include <chrono>\n'
              "#include <cstdint>\n#include <cstdio>\n#include <cstdlib>\n\n")
    cc.append("static inline uint64_t rnd(uint64_t &x) {\n  x ^= x << 13;\n  x ^= x >> 7;\n"
              "  x ^= x << 17;\n  return x;\n}\n\n")
    cc.append("int main(int argc, char **argv) {\n  uint64_t n = strtoull(argv[1], 0, 10);\n")
    cc.append(f"  VerilatedContext *ctx = new VerilatedContext;\n  V{top} *m = new V{top}(ctx);\n")
    cc.append(f"  m->{clk} = 0;\n  m->eval();\n")
    cc.append("  uint64_t x = 0x9E3779B97F4A7C15ull, c = 0;\n")
    cc.append("  auto t = std::chrono::steady_clock::now();\n  for (uint64_t i = 0; i < n; i++) {\n")
    for _, name, _, w in ins:
        if is_reset(name, w):
            cc.append(f"    m->{name} = (rnd(x) & 63) == 0;\n")
        else:
            cc.append(f"    m->{name} = rnd(x) & {mask(w):#x}ull;\n")
    cc.append(f"    m->{clk} = 0;\n    m->eval();\n")
    for _, name, _, _ in outs:
        cc.append(f"    c = ((c << 1) | (c >> 63)) ^ (uint64_t)m->{name};\n")
    cc.append(f"    m->{clk} = 1;\n    m->eval();\n  }}\n")
    cc.append("  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t)"
              ".count();\n")
    cc.append('  printf("%llu %.6f %016llx\\n", (unsigned long long)n, s, (unsigned long long)c);\n')
    cc.append("  m->final();\n  delete m;\n  delete ctx;\n  return 0;\n}\n")
    os.makedirs(os.path.join(out, "v"), exist_ok=True)
    with open(os.path.join(out, "v/tb.cpp"), "w") as f:
        f.write("".join(cc))


if __name__ == "__main__":
    main()
