//! Harness of the HLS tests: compile a kernel in process (the flow: reader, HLS, `-O1`),
//! and run its start/done interface in the in-tree evaluator against memory models that
//! behave as SPEC section 4 says (read data the cycle after ce=1/we=0, writes on the
//! edge), counting cycles from the start edge to the edge after which `done` is 1.
#![allow(dead_code)]

use comb::eval::Simulator;
use comb::{Bits, Design};

/// The text of kernel `name` of tests/hls/.
pub fn kernel(name: &str) -> String {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hls").join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Compiles `src` (HLS functions only) with `opts` through the flow at -O1; the top is the
/// last function.
pub fn compile(src: &str, opts: &hls::Options) -> (Design, hls::report::Report) {
    let o = flow::Options { hls: opts.clone(), ..flow::Options::default() };
    let f = flow::Flow::new(o);
    let built =
        f.build(&mlir_text::SourceFile::new("k.mlir", src)).unwrap_or_else(|e| panic!("{}", e.render()));
    let report = built.report.expect("HLS input has a schedule report");
    let design = f.optimize(built.design).unwrap_or_else(|e| panic!("{}", e.render()));
    (design, report)
}

/// The error `src` gives, rendered.
pub fn compile_error(src: &str) -> String {
    match flow::Flow::default().build(&mlir_text::SourceFile::new("k.mlir", src)) {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.render(),
    }
}

/// A memory model: contents and element width.
pub struct Mem {
    /// Port prefix (the memref argument's name).
    pub name: String,
    /// Contents (row-major).
    pub data: Vec<u64>,
    /// Element width.
    pub width: u32,
}

impl Mem {
    /// A memory of `data` elements of `width` bits (masked).
    pub fn new(name: &str, width: u32, data: Vec<u64>) -> Mem {
        let mask = if width >= 64 { u64::MAX } else { (1 << width) - 1 };
        Mem { name: name.into(), data: data.into_iter().map(|x| x & mask).collect(), width }
    }
}

/// What one run gave.
#[derive(Debug)]
pub struct Run {
    /// Edges from the one sampling start to the one after which done is 1.
    pub cycles: u64,
    /// ret0, ret1, ... when done was 1.
    pub rets: Vec<u64>,
}

/// Runs the top module once: reset, scalars with start, memories served until done.
pub fn simulate(design: &Design, scalars: &[(&str, u64)], mems: &mut [Mem], limit: u64) -> Run {
    simulate_with(design, scalars, mems, limit, false)
}

/// [`simulate`]; with `busy_noise`, `start` stays 1 and the scalar inputs change every
/// cycle while the design works (both must be ignored until it is done).
pub fn simulate_with(
    design: &Design,
    scalars: &[(&str, u64)],
    mems: &mut [Mem],
    limit: u64,
    busy_noise: bool,
) -> Run {
    let mut sim = Simulator::new(design).expect("simulator");
    let top = design.module(design.top_id());
    let n_rets = top.outputs().filter(|&p| top.port(p).name.starts_with("ret")).count();
    sim.set_input("rst", Bits::from_u64(1, 1));
    sim.set_input("start", Bits::from_u64(0, 1));
    sim.tick();
    sim.set_input("rst", Bits::from_u64(0, 1));
    for (n, v) in scalars {
        sim.set_input(n, Bits::from_u64(*v, 64));
    }
    sim.set_input("start", Bits::from_u64(1, 1));
    sim.eval();
    let mut cycles = 0;
    loop {
        // The memories see this cycle's requests and answer on the edge.
        let mut answers = Vec::new();
        for m in mems.iter_mut() {
            let ce = sim.output(&format!("{}_ce", m.name)).to_u64() == 1;
            let we = sim.output(&format!("{}_we", m.name)).to_u64() == 1;
            let addr = sim.output(&format!("{}_addr", m.name)).to_u64() as usize;
            let wdata = sim.output(&format!("{}_wdata", m.name)).to_u64();
            let old = m.data.get(addr).copied();
            if ce && we {
                assert!(addr < m.data.len(), "{}: write out of range at {addr}", m.name);
                m.data[addr] = wdata;
            }
            answers.push(
                (ce && !we).then(|| old.unwrap_or_else(|| panic!("{}: read out of range at {addr}", m.name))),
            );
        }
        sim.tick();
        cycles += 1;
        sim.set_input("start", Bits::from_u64(busy_noise as u64, 1));
        if busy_noise {
            for (n, v) in scalars {
                sim.set_input(n, Bits::from_u64(v.wrapping_mul(cycles + 7) ^ cycles, 64));
            }
        }
        for (m, a) in mems.iter().zip(answers) {
            if let Some(v) = a {
                sim.set_input(&format!("{}_rdata", m.name), Bits::from_u64(v, m.width));
            }
        }
        sim.eval();
        if sim.output("done").to_u64() == 1 {
            let rets: Vec<u64> = (0..n_rets).map(|i| sim.output(&format!("ret{i}")).to_u64()).collect();
            // done lasts one cycle, the results stay.
            sim.set_input("start", Bits::from_u64(0, 1));
            sim.tick();
            assert_eq!(sim.output("done").to_u64(), 0, "done must be high for exactly one cycle");
            for (i, r) in (0..n_rets).zip(&rets) {
                assert_eq!(sim.output(&format!("ret{i}")).to_u64(), *r, "ret{i} must be held");
            }
            return Run { cycles, rets };
        }
        assert!(cycles < limit, "no done after {limit} cycles");
    }
}

/// A small deterministic generator for test data.
pub struct Lcg(pub u64);

impl Lcg {
    /// The next value (64 bits).
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 11 ^ self.0 << 21
    }
    /// `n` values masked to `width` bits.
    pub fn vec(&mut self, n: usize, width: u32) -> Vec<u64> {
        let mask = if width >= 64 { u64::MAX } else { (1 << width) - 1 };
        (0..n).map(|_| self.next() & mask).collect()
    }
}

/// The 32-bit dot product of `a` and `b` (wrapping), the reference of the `dot` kernels.
pub fn dot_ref(a: &[u64], b: &[u64]) -> u64 {
    u64::from(a.iter().zip(b).fold(0u32, |s, (&x, &y)| s.wrapping_add((x as u32).wrapping_mul(y as u32))))
}

/// `c + a * b` of 8x8 row-major i16 matrices (wrapping), the reference of the `matmul`
/// kernels.
pub fn matmul8_ref(a: &[u64], b: &[u64], c: &[u64]) -> Vec<u64> {
    let mut out = c.to_vec();
    for i in 0..8 {
        for j in 0..8 {
            for k in 0..8 {
                let p = (a[i * 8 + k] as u16).wrapping_mul(b[k * 8 + j] as u16);
                out[i * 8 + j] = u64::from((out[i * 8 + j] as u16).wrapping_add(p));
            }
        }
    }
    out
}

/// Sign-extends the low `w` bits.
pub fn sext(v: u64, w: u32) -> i64 {
    ((v << (64 - w)) as i64) >> (64 - w)
}
