//! `f16` and `bf16` against the `half` crate's rounding from `f32` (an implementation we did
//! not write): an operation computed in `f64` (exact, or correctly rounded with more than
//! twice the precision plus two bits, which makes the second rounding innocuous) is rounded
//! to `f32` by the host and then to the small format by `half`.
//!
//! The `f64 -> f32` step is a second rounding that could land exactly on a half-way point of
//! the small format; [`Small::round`] refuses those cases (it only answers when the `f32`
//! value is exact or not such a half-way point), and every test checks that it answered for
//! almost all of them. (`half`'s own `from_f64` drops the low 32 fraction bits before
//! rounding, so it is not used.)

use super::tests_support::{check, random, specials};
use super::*;
use crate::float::FloatFormat;
use comb::rng::Rng;

/// Values per format whose every ordered pair is tried.
const SAMPLE: usize = 800;

/// One of the two 16-bit formats, with `half`'s conversions.
#[derive(Clone, Copy)]
struct Small {
    f: FloatFormat,
    from_f32: fn(f32) -> u16,
    to_f32: fn(u16) -> f32,
}

const F16: Small = Small {
    f: FloatFormat::F16,
    from_f32: |x| half::f16::from_f32(x).to_bits(),
    to_f32: |b| half::f16::from_bits(b).to_f32(),
};
const BF16: Small = Small {
    f: FloatFormat::BF16,
    from_f32: |x| half::bf16::from_f32(x).to_bits(),
    to_f32: |b| half::bf16::from_bits(b).to_f32(),
};

impl Small {
    /// The value of a bit pattern, exactly.
    fn val(self, bits: u64) -> f64 {
        f64::from((self.to_f32)(bits as u16))
    }

    /// `x` (exact if `exact`, else already rounded once to `f64`) rounded into the format,
    /// or `None` when the `f32` step cannot be trusted.
    fn round(self, x: f64, exact: bool) -> Option<u64> {
        let r = x as f32;
        let r_exact = exact && (x.is_nan() || f64::from(r) == x);
        // A half-way point `r` would have neighbours rounding to different values (compared
        // as values, so that the two zeros around an underflow to 0 agree).
        let around = |y: f32| (self.to_f32)((self.from_f32)(y));
        if !r_exact && around(r.next_down()) != around(r.next_up()) {
            return None;
        }
        Some(u64::from((self.from_f32)(r)))
    }

    /// Specials plus random patterns, `SAMPLE` in all.
    fn sample(self, seed: u64) -> Vec<u64> {
        let mut v = specials(self.f);
        let mut rng = Rng::new(seed);
        while v.len() < SAMPLE {
            v.push(random(self.f, &mut rng));
        }
        v
    }
}

/// Every sampled pair through `op` against `host` computed in `f64`; returns how many pairs
/// the reference could not judge.
fn pairs(s: Small, name: &str, op: fn(FloatFormat, u64, u64) -> u64, host: fn(f64, f64) -> f64) -> usize {
    let sample = s.sample(name.len() as u64);
    let mut unjudged = 0;
    for &a in &sample {
        for &b in &sample {
            match s.round(host(s.val(a), s.val(b)), true) {
                Some(want) => check(s.f, name, &[a, b], op(s.f, a, b), want),
                None => unjudged += 1,
            }
        }
    }
    unjudged
}

/// Runs `pairs` for both formats and asserts the reference judged all but a few pairs.
fn both(name: &str, op: fn(FloatFormat, u64, u64) -> u64, host: fn(f64, f64) -> f64) {
    for s in [F16, BF16] {
        let unjudged = pairs(s, name, op, host);
        assert!(unjudged < SAMPLE * SAMPLE / 100, "{} {name}: {unjudged} pairs unjudged", s.f);
    }
}

#[test]
fn add_matches_half() {
    both("add", add, |a, b| a + b);
}

#[test]
fn sub_matches_half() {
    both("sub", sub, |a, b| a - b);
}

#[test]
fn mul_matches_half() {
    both("mul", mul, |a, b| a * b);
}

#[test]
fn div_matches_half() {
    both("div", div, |a, b| a / b);
}

#[test]
fn rem_matches_half() {
    // fmod is exact in f64, and its result is representable in the small format.
    both("rem", rem, |a, b| a % b);
}

#[test]
fn unary_ops_exhaustive() {
    for s in [F16, BF16] {
        let f = s.f;
        for a in 0..=0xFFFFu64 {
            let v = s.val(a);
            if let Some(want) = s.round(v.sqrt(), true) {
                check(f, "sqrt", &[a], sqrt(f, a), want);
            }
            check(
                FloatFormat::F32,
                "extf",
                &[a],
                convert(f, FloatFormat::F32, a),
                u64::from((v as f32).to_bits()),
            );
            check(FloatFormat::F64, "extf", &[a], convert(f, FloatFormat::F64, a), v.to_bits());
            assert_eq!(neg(f, a), a ^ 0x8000);
            assert_eq!(abs(f, a), a & 0x7FFF);
            for w in [1, 8, 12, 16, 17, 32, 64] {
                let (lo, hi) = (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1);
                let mask = u64::MAX >> (64 - w);
                let si = (i128::from(v as i64).clamp(lo, hi) as u64) & mask;
                assert_eq!(to_sint(f, a, w), si, "{f} fptosi {v:e} i{w}");
                assert_eq!(to_uint(f, a, w), (v as u64).min(mask), "{f} fptoui {v:e} i{w}");
            }
        }
    }
}

#[test]
fn conversions_match_half() {
    let mut rng = Rng::new(21);
    for s in [F16, BF16] {
        // From f32: `half` rounds directly.
        let mut wide = specials(FloatFormat::F32);
        wide.extend((0..100_000).map(|_| random(FloatFormat::F32, &mut rng)));
        for a in wide {
            let want = u64::from((s.from_f32)(f32::from_bits(a as u32)));
            check(s.f, "truncf", &[a], convert(FloatFormat::F32, s.f, a), want);
        }
        // From f64 (also as constants), judged through f32.
        let mut wide = specials(FloatFormat::F64);
        wide.extend((0..100_000).map(|_| random(FloatFormat::F64, &mut rng)));
        let mut judged = 0;
        for a in wide {
            if let Some(want) = s.round(f64::from_bits(a), true) {
                check(s.f, "truncf", &[a], convert(FloatFormat::F64, s.f, a), want);
                check(s.f, "from_f64", &[a], from_f64(s.f, f64::from_bits(a)), want);
                judged += 1;
            }
        }
        assert!(judged > 99_000, "{}: only {judged} f64 values judged", s.f);
        // Between the two 16-bit formats: the source widens exactly to f32.
        let other = if s.f == FloatFormat::F16 { BF16 } else { F16 };
        for a in 0..=0xFFFFu64 {
            let want = u64::from((s.from_f32)((other.to_f32)(a as u16)));
            check(s.f, "convert", &[a], convert(other.f, s.f, a), want);
        }
    }
}

#[test]
fn from_integers_match_half() {
    let mut rng = Rng::new(22);
    for s in [F16, BF16] {
        for i in 0..50_000u64 {
            let x = rng.next_u64() >> rng.below(64);
            let x = if i % 3 == 0 { x.wrapping_neg() } else { x };
            for w in [1, 8, 11, 12, 16, 24, 32, 64] {
                let sv = ((x << (64 - w)) as i64) >> (64 - w);
                let uv = x & (u64::MAX >> (64 - w));
                if let Some(want) = s.round(sv as f64, sv as f64 as i128 == i128::from(sv)) {
                    check(s.f, "sitofp", &[x, w.into()], from_sint(s.f, x, w), want);
                }
                if let Some(want) = s.round(uv as f64, uv as f64 as i128 == i128::from(uv)) {
                    check(s.f, "uitofp", &[x, w.into()], from_uint(s.f, x, w), want);
                }
            }
        }
    }
}

#[test]
fn fma_matches_half() {
    let mut rng = Rng::new(23);
    for s in [F16, BF16] {
        let f = s.f;
        let mut unjudged = 0;
        for _ in 0..300_000 {
            let (a, b) = (random(f, &mut rng), random(f, &mut rng));
            let c = if rng.chance(1, 2) { neg(f, mul(f, a, b)) ^ rng.below(4) } else { random(f, &mut rng) };
            // The product is exact in f64; the sum is exact when its rounding error is 0
            // (Knuth's two-sum). Otherwise it is rounded once, which `round` accounts for.
            let (p, z) = (s.val(a) * s.val(b), s.val(c));
            let sum = p + z;
            let bb = sum - p;
            let exact = sum.is_finite() && (p - (sum - bb)) + (z - bb) == 0.0;
            match s.round(sum, exact || !sum.is_finite()) {
                Some(want) => check(f, "fma", &[a, b, c], fma(f, a, b, c), want),
                None => unjudged += 1,
            }
        }
        assert!(unjudged < 3_000, "{f} fma: {unjudged} unjudged");
    }
}
