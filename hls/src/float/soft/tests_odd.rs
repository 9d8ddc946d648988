//! Formats with no host type (`e2m1` up to `e9m25`): each result is checked to be the
//! correctly rounded value of the operation computed by the host in `f64`, by a checker that
//! shares nothing with the model: it decodes with `powi`, and accepts `r` when the value lies
//! between the midpoints to `r`'s neighbours (on a midpoint only if `r` is even), or beyond the
//! overflow threshold for an infinity.
//!
//! The `f64` value stands for the exact one when it is exact (two-sum error 0, products of
//! at most 26-bit significands, `fmod`), or when the format's precision `p` has
//! `2p + 2 <= 53`, where rounding the correctly rounded `f64` result of `+ - * / sqrt` again
//! gives the correctly rounded result.

use super::tests_support::{random, specials};
use super::*;
use crate::float::{FCmpPred, FloatFormat};
use comb::rng::Rng;

/// Odd formats: tiny exponents, tiny fractions, and precisions up to 26 bits.
const FORMATS: [FloatFormat; 9] = [
    FloatFormat { exp: 2, man: 1 },
    FloatFormat { exp: 2, man: 5 },
    FloatFormat { exp: 3, man: 2 },
    FloatFormat { exp: 4, man: 3 },
    FloatFormat { exp: 5, man: 2 },
    FloatFormat { exp: 6, man: 9 },
    FloatFormat { exp: 8, man: 10 },
    FloatFormat { exp: 9, man: 14 },
    FloatFormat { exp: 9, man: 25 },
];

/// Values per format whose every ordered pair is tried.
const SAMPLE: usize = 250;

/// The value of a bit pattern, infinities and NaNs included.
fn val(f: FloatFormat, bits: u64) -> f64 {
    let (s, e, m) = f.unpack(bits);
    let v = match (e == f.exp_max(), m) {
        (true, 0) => f64::INFINITY,
        (true, _) => f64::NAN,
        _ => raw_val(f, bits & !f.sign_bit()),
    };
    if s {
        -v
    } else {
        v
    }
}

/// The magnitude of a pattern read as if every exponent were finite (the all-ones exponent
/// then gives where the binade above the largest finite value would start).
fn raw_val(f: FloatFormat, mag: u64) -> f64 {
    let (_, e, m) = f.unpack(mag);
    let (sig, exp) = if e == 0 { (m, 1) } else { (m | (1 << f.man), e as i32) };
    sig as f64 * 2f64.powi(exp - f.bias() - f.man as i32)
}

/// Whether `r` is `x` rounded to nearest even in `f` (any NaN for a NaN `x`).
fn is_rounding_of(f: FloatFormat, x: f64, r: u64) -> bool {
    if x.is_nan() || f.is_nan(r) {
        return x.is_nan() && f.is_nan(r);
    }
    let neg = r & f.sign_bit() != 0;
    if neg != x.is_sign_negative() || r & !f.mask() != 0 {
        return false;
    }
    let (mag, ax) = (r & !f.sign_bit(), x.abs());
    let max = f.inf(false) - 1;
    let up_mid = |m: u64| (raw_val(f, m) + raw_val(f, m + 1)) / 2.0;
    if mag == f.inf(false) {
        return ax >= up_mid(max);
    }
    let even = mag & 1 == 0;
    let above = up_mid(mag);
    let below = if mag == 0 { 0.0 } else { up_mid(mag - 1) };
    (ax < above || (ax == above && even)) && (ax > below || (ax == below && even) || mag == 0)
}

/// Every sampled pair of every format: `host` gives the `f64` value and whether it stands
/// for the exact one (`None`: skip the pair).
/// Formats where `host` never answers are skipped; elsewhere it must judge an eighth of the pairs.
fn pairs(name: &str, op: fn(FloatFormat, u64, u64) -> u64, host: fn(FloatFormat, f64, f64) -> Option<f64>) {
    for (i, f) in FORMATS.into_iter().enumerate() {
        if host(f, 1.0, 1.0).is_none() {
            continue;
        }
        let mut rng = Rng::new(i as u64 + 41);
        let mut sample = specials(f);
        while sample.len() < SAMPLE {
            sample.push(random(f, &mut rng));
        }
        let mut judged = 0;
        for &a in &sample {
            for &b in &sample {
                if let Some(x) = host(f, val(f, a), val(f, b)) {
                    let r = op(f, a, b);
                    assert!(is_rounding_of(f, x, r), "{f} {name}({a:#x}, {b:#x}) = {r:#x}, host {x:e}");
                    judged += 1;
                }
            }
        }
        assert!(judged > SAMPLE * SAMPLE / 8, "{f} {name}: only {judged} pairs judged");
    }
}

/// Whether double rounding through `f64` is innocuous for `+ - * / sqrt` in `f`.
fn narrow(f: FloatFormat) -> bool {
    2 * f.precision() + 2 <= 53
}

/// `a + b` on the host if it is exact (Knuth's two-sum error is 0) or overflows.
fn exact_sum(a: f64, b: f64) -> Option<f64> {
    let s = a + b;
    let bb = s - a;
    (!s.is_finite() || (a - (s - bb)) + (b - bb) == 0.0).then_some(s)
}

/// `a + b` on the host, if it stands for the exact sum in `f`.
fn host_sum(f: FloatFormat, a: f64, b: f64) -> Option<f64> {
    if narrow(f) {
        Some(a + b)
    } else {
        exact_sum(a, b)
    }
}

#[test]
fn add_sub_are_correctly_rounded() {
    pairs("add", add, host_sum);
    pairs("sub", sub, |f, a, b| host_sum(f, a, -b));
}

#[test]
fn mul_div_are_correctly_rounded() {
    pairs("mul", mul, |f, a, b| (f.precision() <= 26).then_some(a * b));
    pairs("div", div, |f, a, b| narrow(f).then_some(a / b));
}

#[test]
fn rem_sqrt_are_correctly_rounded() {
    pairs("rem", rem, |_, a, b| Some(a % b));
    pairs("sqrt", |f, a, _| sqrt(f, a), |f, a, _| narrow(f).then_some(a.sqrt()));
}

#[test]
fn fma_is_correctly_rounded() {
    // The product is exact (at most 52 bits); the sum must be too: fma is one rounding of
    // three operands, so a rounded f64 sum does not stand for it.
    pairs("fma", |f, a, b| fma(f, a, b, a), |_, a, b| exact_sum(a * b, a));
    pairs("fma", |f, a, b| fma(f, a, a, neg(f, b)), |_, a, b| exact_sum(a * a, -b));
}

#[test]
fn conversions_are_correctly_rounded() {
    let mut rng = Rng::new(40);
    for f in FORMATS {
        let mut values = specials(f);
        values.extend((0..2000).map(|_| random(f, &mut rng)));
        for a in values {
            let v = val(f, a);
            let to64 = convert(f, FloatFormat::F64, a);
            assert!(f.is_nan(a) && FloatFormat::F64.is_nan(to64) || to64 == v.to_bits(), "{f} extf {a:#x}");
            for g in FORMATS {
                assert!(is_rounding_of(g, v, convert(f, g, a)), "{f} -> {g} {a:#x}");
            }
            for w in [1, 5, 16, 64] {
                let (lo, hi) = (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1);
                let mask = u64::MAX >> (64 - w);
                assert_eq!(to_sint(f, a, w), (i128::from(v as i64).clamp(lo, hi) as u64) & mask);
                assert_eq!(to_uint(f, a, w), (v as u64).min(mask));
            }
            let b = random(f, &mut rng);
            let o = v.partial_cmp(&val(f, b));
            for p in FCmpPred::ALL {
                let want =
                    o.map_or(p.unordered_result(), |o| p.ordered_result(o.is_lt(), o.is_eq(), o.is_gt()));
                assert_eq!(cmp(f, p, a, b), want, "{f} {} {a:#x} {b:#x}", p.name());
            }
        }
        for _ in 0..2000 {
            let x = f64::from_bits(random(FloatFormat::F64, &mut rng));
            assert!(is_rounding_of(f, x, from_f64(f, x)), "{f} from_f64 {x:e}");
            let i = (rng.next_u64() as i64) >> rng.below(64);
            assert!(is_rounding_of(f, i as f64, from_sint(f, i as u64, 64)) || i.unsigned_abs() >> 53 != 0);
            assert!(is_rounding_of(f, (i as u64 >> 11) as f64, from_uint(f, i as u64 >> 11, 64)));
        }
    }
}
