//! The adder and multiplier against references: Rust's `f32`/`f64` arithmetic, and for
//! f16, bf16 and e6m9 the `f64` route of [`super::reference`]; every pair of a set of
//! special operands and random pairs, at latencies 0 to 4 (streamed, one operation a cycle).

use super::reference;
use super::testutil::{stream, Rng};
use super::{unit_module_with, FUnit, UnitOptions};
use crate::float::FloatFormat;

const E6M9: FloatFormat = FloatFormat { exp: 6, man: 9 };

/// Operands that exercise the edges of format `f` (both signs of each).
pub fn specials(f: FloatFormat) -> Vec<u64> {
    let one = (f.bias() as u64) << f.man;
    let m = f.man_mask();
    let e = |x: u64| x << f.man;
    let mags = [
        0,
        1,                                         // smallest subnormal
        2,                                         // next
        m,                                         // largest subnormal
        m >> 1,                                    // a subnormal half the largest
        e(1),                                      // smallest normal
        e(1) | 1,                                  // just above it
        e(1) | m,                                  // top of the first binade
        one,                                       // 1
        one | 1,                                   // 1 + ulp
        one | (1 << (f.man - 1)),                  // 1.5
        e(f.bias() as u64 - 1) | m,                // 1 - ulp/2
        e(f.bias() as u64 + 1),                    // 2
        e(f.bias() as u64 + 1) | 1,                // 2 + ulp
        e(f.exp_max() - 1) | m,                    // largest finite
        e(f.exp_max() - 1),                        // its binade's bottom
        e(f.exp_max() - 2) | m,                    // just below it
        e(f.bias() as u64 / 2) | 3,                // a small normal
        e(f.bias() as u64 + f.man as u64 + 1) | 1, // large enough to absorb 1
        f.inf(false),
        f.default_nan(),
        f.inf(false) | 1, // a signalling NaN pattern
    ];
    mags.iter().flat_map(|&x| [x, x | f.sign_bit()]).collect()
}

/// Random operands: uniform bit patterns, and patterns near the first one (cancellation).
fn random_vectors(f: FloatFormat, n: usize, arity: usize, seed: u64) -> Vec<Vec<u64>> {
    let mut rng = Rng(seed | 1);
    (0..n)
        .map(|i| {
            let a = rng.next() & f.mask();
            (0..arity)
                .map(|k| {
                    let r = rng.next();
                    if k == 0 {
                        a
                    } else if i % 3 == 1 {
                        // Close to a: a few ulps or binades away, maybe the other sign.
                        let d = (r >> 8) & 0xF;
                        let v = if r & 1 == 0 {
                            a.wrapping_add(d)
                        } else {
                            a.wrapping_sub(d << (((r >> 4) & 3) * 4))
                        };
                        (v ^ ((r >> 2 & 1) * f.sign_bit())) & f.mask()
                    } else if i % 3 == 2 {
                        // A small or subnormal exponent.
                        let exp = (r >> 20) % 4;
                        f.pack(r & 1 == 1, exp, r >> 1)
                    } else {
                        r & f.mask()
                    }
                })
                .collect()
        })
        .collect()
}

/// The reference result of `kind` on `v` in format `f`.
pub fn expected(kind: FUnit, f: FloatFormat, v: &[u64]) -> u64 {
    let b32 = |x: u64| f32::from_bits(x as u32);
    let b64 = f64::from_bits;
    match (f, kind) {
        (FloatFormat::F32, FUnit::Add) => (b32(v[0]) + b32(v[1])).to_bits() as u64,
        (FloatFormat::F32, FUnit::Sub) => (b32(v[0]) - b32(v[1])).to_bits() as u64,
        (FloatFormat::F32, FUnit::Mul) => (b32(v[0]) * b32(v[1])).to_bits() as u64,
        (FloatFormat::F32, FUnit::Fma) => b32(v[0]).mul_add(b32(v[1]), b32(v[2])).to_bits() as u64,
        (FloatFormat::F64, FUnit::Add) => (b64(v[0]) + b64(v[1])).to_bits(),
        (FloatFormat::F64, FUnit::Sub) => (b64(v[0]) - b64(v[1])).to_bits(),
        (FloatFormat::F64, FUnit::Mul) => (b64(v[0]) * b64(v[1])).to_bits(),
        (FloatFormat::F64, FUnit::Fma) => b64(v[0]).mul_add(b64(v[1]), b64(v[2])).to_bits(),
        (_, FUnit::Add) => reference::binary(f, v[0], v[1], |x, y| x + y),
        (_, FUnit::Sub) => reference::binary(f, v[0], v[1], |x, y| x - y),
        (_, FUnit::Mul) => reference::binary(f, v[0], v[1], |x, y| x * y),
        (_, FUnit::Fma) => reference::fma(f, v[0], v[1], v[2]),
        (_, k) => unreachable!("{k:?} is tested in tests_ds*.rs"),
    }
}

/// Checks `kind` in format `f` at latency 0 on the specials (all pairs; for three
/// operands, all pairs with a third special picked cyclically, and all triples of a subset) and `n` random vectors, then
/// at each latency of `pipelined` on `n / 4` other random vectors (the pipelined unit
/// computes the same function; what those runs check is the registers on every path).
pub fn check(kind: FUnit, f: FloatFormat, n: usize, pipelined: &[u32]) {
    let sp = specials(f);
    let mut vectors: Vec<Vec<u64>> = Vec::new();
    for (i, &a) in sp.iter().enumerate() {
        for (j, &b) in sp.iter().enumerate() {
            if kind.operands() == 3 {
                vectors.push(vec![a, b, sp[(7 * i + j) % sp.len()]]);
            } else {
                vectors.push(vec![a, b]);
            }
        }
    }
    if kind.operands() == 3 {
        // Every triple of a smaller set (zeros, subnormals, 1, 1 + ulp, the largest, inf, NaN).
        let few: Vec<u64> = [0, 2, 6, 8, 9, 28, 29, 38, 40].iter().map(|&i| sp[i]).collect();
        for &a in &few {
            for &b in &few {
                for &c in &few {
                    vectors.push(vec![a, b, c]);
                }
            }
        }
    }
    let seed = u64::from(f.exp * 64 + f.man) * 104_729 + kind.operands() as u64;
    vectors.extend(random_vectors(f, n, kind.operands(), seed));
    run(kind, f, 0, &vectors);
    for &l in pipelined {
        run(kind, f, l, &random_vectors(f, n / 4, kind.operands(), seed + u64::from(l)));
    }
}

/// Streams `vectors` through the unit at `latency` and compares every result.
fn run(kind: FUnit, f: FloatFormat, latency: u32, vectors: &[Vec<u64>]) {
    run_with(kind, f, latency, vectors, &UnitOptions::default());
}

/// [`run`] with the unit built with `opts`.
fn run_with(kind: FUnit, f: FloatFormat, latency: u32, vectors: &[Vec<u64>], opts: &UnitOptions) {
    let got = stream(unit_module_with(kind, f, latency, opts), latency, vectors);
    let mut bad = 0;
    for (v, &g) in vectors.iter().zip(&got) {
        let want = expected(kind, f, v);
        if !f.same_result(g, want) {
            bad += 1;
            if bad <= 8 {
                eprintln!("{kind:?} {f} L{latency}: {v:x?} gave {g:#x}, want {want:#x}");
            }
        }
    }
    assert_eq!(bad, 0, "{kind:?} {f} L{latency}: {bad} of {} wrong", vectors.len());
}

#[test]
fn reference_rounds_like_native_floats() {
    // The f64 route agrees with f32 arithmetic on f32 (53 >= 2 * 24 + 2).
    let f = FloatFormat::F32;
    let sp = specials(f);
    for &a in &sp {
        for &b in &sp {
            for kind in [FUnit::Add, FUnit::Mul] {
                let r = match kind {
                    FUnit::Add => reference::binary(f, a, b, |x, y| x + y),
                    _ => reference::binary(f, a, b, |x, y| x * y),
                };
                assert!(f.same_result(r, expected(kind, f, &[a, b])), "{kind:?} {a:#x} {b:#x}");
            }
        }
    }
}

#[test]
fn fadd_f32() {
    check(FUnit::Add, FloatFormat::F32, 1500, &[1, 2, 3, 4]);
}

#[test]
fn fsub_f32() {
    check(FUnit::Sub, FloatFormat::F32, 800, &[2]);
}

#[test]
fn fadd_f64() {
    check(FUnit::Add, FloatFormat::F64, 1000, &[1, 4]);
}

#[test]
fn fadd_f16_bf16_e6m9() {
    for f in [FloatFormat::F16, FloatFormat::BF16, E6M9] {
        check(FUnit::Add, f, 800, &[2]);
    }
    check(FUnit::Sub, FloatFormat::F16, 400, &[]);
}

#[test]
fn fmul_f32() {
    check(FUnit::Mul, FloatFormat::F32, 1500, &[1, 2, 3, 4]);
}

#[test]
fn fmul_f64() {
    check(FUnit::Mul, FloatFormat::F64, 800, &[2]);
}

#[test]
fn fmul_f16_bf16_e6m9() {
    for f in [FloatFormat::F16, FloatFormat::BF16, E6M9] {
        check(FUnit::Mul, f, 800, &[3]);
    }
}

#[test]
fn fma_f32() {
    check(FUnit::Fma, FloatFormat::F32, 1000, &[3]);
}

#[test]
fn fma_f64() {
    check(FUnit::Fma, FloatFormat::F64, 400, &[2]);
}

#[test]
fn fma_f16_bf16_e6m9() {
    for f in [FloatFormat::F16, FloatFormat::BF16, E6M9] {
        check(FUnit::Fma, f, 600, &[]);
    }
    check(FUnit::Fma, FloatFormat::BF16, 400, &[1]);
}

/// Many more random vectors per unit and format (run with `--ignored`, best in release).
#[test]
#[ignore]
fn long_random() {
    for f in [FloatFormat::F16, FloatFormat::BF16, E6M9, FloatFormat::F32, FloatFormat::F64] {
        for k in [FUnit::Add, FUnit::Sub, FUnit::Mul, FUnit::Fma] {
            check(k, f, 50_000, &[1, 2, 3, 4]);
        }
    }
}

#[test]
fn tiny_formats() {
    // Few exponent bits: products of subnormals need not underflow, sums reach overflow.
    for f in [FloatFormat { exp: 3, man: 4 }, FloatFormat { exp: 5, man: 2 }, FloatFormat { exp: 2, man: 3 }]
    {
        for k in [FUnit::Add, FUnit::Mul, FUnit::Fma] {
            check(k, f, 200, &[]);
        }
    }
}

#[test]
fn row_multipliers_in_fmul_and_fma() {
    let opts = UnitOptions { mul_tile: Some(4) };
    for (k, f) in [(FUnit::Mul, FloatFormat::F32), (FUnit::Fma, FloatFormat::BF16), (FUnit::Mul, E6M9)] {
        let sp = specials(f);
        let mut v: Vec<Vec<u64>> =
            sp.iter().flat_map(|&a| sp.iter().map(move |&b| vec![a, b, b ^ a])).collect();
        v.truncate(if k == FUnit::Fma { 500 } else { v.len() });
        v.extend(random_vectors(f, 400, k.operands(), 99));
        let v: Vec<Vec<u64>> = v.into_iter().map(|x| x[..k.operands()].to_vec()).collect();
        run_with(k, f, 0, &v, &opts);
        run_with(k, f, 5, &v[..300], &opts);
    }
}
