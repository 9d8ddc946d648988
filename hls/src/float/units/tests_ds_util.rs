//! Test helpers for the division, square-root, comparison and conversion units: operand
//! sets (the special values of a format and random patterns biased toward the edges),
//! and runners of a unit's module ([`unit_module`]) combinational, pipelined (a vector a
//! cycle) and sequential (start, wait for done) on the in-tree evaluator.

use super::{unit_module, FUnit};
use crate::float::FloatFormat;
use comb::eval::Simulator;
use comb::rng::Rng;
use comb::{Bits, Design, ModuleId};

/// The special values of `f`, both signs: zeros, the smallest and largest subnormal and
/// normal, 1 and its neighbours, 1.5, 3, infinity, a quiet and a signalling NaN.
pub fn specials(f: FloatFormat) -> Vec<u64> {
    let one = (f.bias() as u64) << f.man;
    let mags = [
        0,
        1,
        f.man_mask(),
        1 << f.man,
        (1 << f.man) | 1,
        ((f.exp_max() - 1) << f.man) | f.man_mask(),
        one,
        one + 1,
        one - 1,
        one | (1 << (f.man - 1)),
        one + (1 << f.man),
        one - (1 << f.man),
        one + (1 << f.man) + (1 << (f.man - 1)),
        f.inf(false),
        f.default_nan(),
        f.inf(false) | 1,
    ];
    mags.iter().flat_map(|&m| [m, m | f.sign_bit()]).collect()
}

/// A random pattern of `f`: uniform bits, or an exponent near the subnormal range, near
/// the bias or near the top, with random fraction bits (often few of them set).
pub fn random(rng: &mut Rng, f: FloatFormat) -> u64 {
    let bits = rng.next_u64() & f.mask();
    let man = match rng.below(3) {
        0 => rng.next_u64() & f.man_mask(),
        1 => (rng.next_u64() & rng.next_u64() & rng.next_u64()) & f.man_mask(),
        _ => (rng.next_u64() | rng.next_u64() | rng.next_u64()) & f.man_mask(),
    };
    let sign = rng.chance(1, 2);
    let span = 8.min(f.exp_max() / 2);
    let exp = match rng.below(5) {
        0 | 1 => return bits,
        2 => rng.below(span),
        3 => f.bias() as u64 - span / 2 + rng.below(span),
        _ => f.exp_max() - rng.below(span),
    };
    f.pack(sign, exp, man)
}

/// Every pair of specials, then `n` random pairs.
pub fn pairs(f: FloatFormat, n: usize, seed: u64) -> Vec<(u64, u64)> {
    let s = specials(f);
    let mut v: Vec<(u64, u64)> = s.iter().flat_map(|&a| s.iter().map(move |&b| (a, b))).collect();
    let mut rng = Rng::new(seed);
    for _ in 0..n {
        let a = random(&mut rng, f);
        let b = if rng.chance(1, 4) { s[rng.below(s.len() as u64) as usize] } else { random(&mut rng, f) };
        v.push(if rng.chance(1, 2) { (a, b) } else { (b, a) });
    }
    v
}

/// The specials, then `n` random values.
pub fn singles(f: FloatFormat, n: usize, seed: u64) -> Vec<u64> {
    let mut v = specials(f);
    let mut rng = Rng::new(seed);
    v.extend((0..n).map(|_| random(&mut rng, f)));
    v
}

/// A unit kind and its format.
pub type Unit = (FUnit, FloatFormat);

fn sim((kind, f): Unit, latency: u32) -> Simulator {
    let m = unit_module(kind, f, latency);
    Simulator::new(&Design { modules: vec![m], top: Some(ModuleId(0)) }).expect("a unit module simulates")
}

fn set(s: &mut Simulator, ops: &[u64]) {
    for (&v, n) in ops.iter().zip(["a", "b"]) {
        s.set_input(n, Bits::from_u64(v, 64));
    }
}

/// Runs a combinational unit on every operand vector.
pub fn run_comb(u: Unit, vectors: &[Vec<u64>]) -> Vec<u64> {
    let mut s = sim(u, 0);
    vectors
        .iter()
        .map(|ops| {
            set(&mut s, ops);
            s.eval();
            s.output("y").to_u64()
        })
        .collect()
}

/// Runs a pipelined unit of `latency` stages, one vector a cycle (II 1).
pub fn run_pipelined(u: Unit, latency: u32, vectors: &[Vec<u64>]) -> Vec<u64> {
    let mut s = sim(u, latency);
    let mut out = Vec::new();
    for k in 0..vectors.len() + latency as usize {
        if let Some(ops) = vectors.get(k) {
            set(&mut s, ops);
        }
        s.eval();
        if k >= latency as usize {
            out.push(s.output("y").to_u64());
        }
        s.tick();
    }
    out
}

/// Runs a sequential unit, one operation after another, checking the protocol: `done`
/// exactly `min_latency` cycles after `start`, `busy` in between, a start while busy
/// ignored.
pub fn run_sequential(u: Unit, vectors: &[Vec<u64>]) -> Vec<u64> {
    let lat = lat(u, 10.0);
    let mut s = sim(u, 0);
    let mut out = Vec::new();
    let one = |v: bool| Bits::from_u64(u64::from(v), 1);
    for (i, ops) in vectors.iter().enumerate() {
        set(&mut s, ops);
        s.set_input("start", one(true));
        s.eval();
        assert!(s.output("busy").is_zero(), "idle before operation {i}");
        s.tick();
        s.set_input("start", one(false));
        for c in 1..lat {
            // A start while busy (with other operands) must change nothing.
            let noise = c == 3;
            if noise {
                set(&mut s, &vec![0; ops.len()]);
            }
            s.set_input("start", one(noise));
            s.eval();
            assert!(s.output("done").is_zero(), "done early, cycle {c} of operation {i}");
            assert!(!s.output("busy").is_zero(), "busy in cycle {c} of operation {i}");
            s.tick();
        }
        s.set_input("start", one(false));
        s.eval();
        assert!(!s.output("done").is_zero(), "done {lat} cycles after start (operation {i})");
        out.push(s.output("y").to_u64());
    }
    out
}

/// Asserts `got` equals `want` as SPEC section 4 counts it (any NaN for a NaN).
pub fn check(f: FloatFormat, what: &str, ops: &[u64], got: u64, want: u64) {
    assert!(f.same_result(got, want), "{what} {f} of {ops:x?}: got {got:#x}, want {want:#x}");
}

/// The latency table's entry for a unit at `period` ns.
pub fn lat((kind, f): Unit, period: f64) -> u32 {
    super::min_latency(kind, f, period)
}
