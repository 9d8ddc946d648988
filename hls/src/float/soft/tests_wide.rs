//! Significands wider than `f64`'s (`e2m61`, the widest format of 64 bits, and `e2m55`):
//! no host type holds them, but with a 2-bit exponent every value is an integer multiple of
//! the smallest subnormal below `2^63` of them, so exact results fit `u128`. Each result is
//! checked, with integers only, to lie between the midpoints to its neighbours (ties even)
//! or beyond the overflow threshold, by comparing the exact value with each midpoint through
//! cross-multiplication, independently of the model's rounding.

use super::tests_support::{random, specials};
use super::*;
use crate::float::FloatFormat;
use comb::rng::Rng;
use std::cmp::Ordering;

const FORMATS: [FloatFormat; 2] = [FloatFormat { exp: 2, man: 61 }, FloatFormat { exp: 2, man: 55 }];

/// A finite magnitude pattern's value in units of the smallest subnormal (the all-ones
/// exponent counts as finite: where the binade above the largest value would start).
fn units(f: FloatFormat, mag: u64) -> u128 {
    let (_, e, m) = f.unpack(mag);
    if e == 0 {
        u128::from(m)
    } else {
        u128::from(m | (1 << f.man)) << (e - 1)
    }
}

/// Whether `r` is the nearest-even rounding of a positive or negative exact value `x`, given
/// only `x`'s sign and `vs(two_m)`: how |x| compares with a midpoint `two_m / 2` (in units).
fn rounds(f: FloatFormat, neg: bool, vs: impl Fn(u128) -> Ordering, r: u64) -> bool {
    if f.is_nan(r) || (r & f.sign_bit() != 0) != neg {
        return false;
    }
    let mag = r & !f.sign_bit();
    let mid = |m: u64| units(f, m) + units(f, m + 1);
    let even = mag & 1 == 0;
    if mag == f.inf(false) {
        return vs(mid(mag - 1)) != Ordering::Less;
    }
    let above = vs(mid(mag));
    let below = if mag == 0 { Ordering::Greater } else { vs(mid(mag - 1)) };
    (above == Ordering::Less || (above == Ordering::Equal && even))
        && (below == Ordering::Greater || (below == Ordering::Equal && even))
}

/// Signed value in units, of a finite non-NaN pattern.
fn signed(f: FloatFormat, a: u64) -> i128 {
    let v = units(f, a & !f.sign_bit()) as i128;
    if a & f.sign_bit() != 0 {
        -v
    } else {
        v
    }
}

/// Random finite patterns plus the finite specials.
fn finite_sample(f: FloatFormat, n: usize, seed: u64) -> Vec<u64> {
    let mut rng = Rng::new(seed);
    let mut v: Vec<u64> = specials(f).into_iter().filter(|&a| a & !f.sign_bit() < f.inf(false)).collect();
    while v.len() < n {
        let a = random(f, &mut rng);
        if a & !f.sign_bit() < f.inf(false) {
            v.push(a);
        }
    }
    v
}

/// `x` (in units squared, signed) against midpoints: |x| vs two_m / 2 * one, `one` = 2^(e) units.
fn exact_in_units2(f: FloatFormat, x: i128) -> impl Fn(u128) -> Ordering {
    let one = 1u128 << (f.man + f.bias() as u32 - 1);
    move |two_m| (2 * x.unsigned_abs()).cmp(&(two_m * one))
}

#[test]
fn add_mul_fma_exact_in_integers() {
    for f in FORMATS {
        let one = 1i128 << (f.man + f.bias() as u32 - 1); // 1.0 in units
        let s = finite_sample(f, 300, 50);
        for &a in &s {
            for &b in &s {
                let (x, y) = (signed(f, a), signed(f, b));
                let sum = (x + y) * one;
                if sum != 0 {
                    assert!(
                        rounds(f, sum < 0, exact_in_units2(f, sum), add(f, a, b)),
                        "{f} add {a:#x} {b:#x}"
                    );
                }
                let p = x * y;
                if p != 0 {
                    assert!(rounds(f, p < 0, exact_in_units2(f, p), mul(f, a, b)), "{f} mul {a:#x} {b:#x}");
                }
                let q = p + x * one;
                if q != 0 {
                    assert!(
                        rounds(f, q < 0, exact_in_units2(f, q), fma(f, a, b, a)),
                        "{f} fma {a:#x} {b:#x}"
                    );
                }
            }
        }
    }
}

#[test]
fn div_sqrt_rem_exact_in_integers() {
    for f in FORMATS {
        let one = 1u128 << (f.man + f.bias() as u32 - 1);
        let s = finite_sample(f, 300, 51);
        for &a in &s {
            let x = signed(f, a);
            if x > 0 {
                // sqrt(x) vs m  <=>  x * one vs m^2 (units), scaled by 4.
                let vs = |two_m: u128| (4 * x as u128 * one).cmp(&(two_m * two_m));
                assert!(rounds(f, false, vs, sqrt(f, a)), "{f} sqrt {a:#x}");
            }
            for &b in &s {
                let y = signed(f, b);
                if x == 0 || y == 0 {
                    continue;
                }
                // |x / y| vs m  <=>  2 |x| one vs two_m |y|.
                let (ax, ay) = (x.unsigned_abs(), y.unsigned_abs());
                let vs = |two_m: u128| (2 * ax * one).cmp(&(two_m * ay));
                assert!(rounds(f, (x < 0) != (y < 0), vs, div(f, a, b)), "{f} div {a:#x} {b:#x}");
                let r = x % y; // fmod: exact, sign of x
                let want = if r == 0 { a & f.sign_bit() } else { (r < 0) as u64 * f.sign_bit() };
                let got = rem(f, a, b);
                assert_eq!(signed(f, got), r, "{f} rem {a:#x} {b:#x}");
                assert_eq!(got & f.sign_bit(), want, "{f} rem sign {a:#x} {b:#x}");
            }
        }
    }
}

#[test]
fn conversions_exact_in_integers() {
    let mut rng = Rng::new(52);
    for f in FORMATS {
        for a in finite_sample(f, 3000, 53) {
            let x = signed(f, a);
            // To f64 and back: the f64 value is the correctly rounded one.
            let d = convert(f, FloatFormat::F64, a);
            assert_eq!(convert(FloatFormat::F64, f, d), from_f64(f, f64::from_bits(d)));
            let back = signed(f, convert(FloatFormat::F64, f, d));
            assert!((back - x).unsigned_abs() <= 1 << (f.man - 52), "{f} f64 round trip {a:#x}");
            // To integers: truncation of x / one.
            let one = 1i128 << (f.man + f.bias() as u32 - 1);
            assert_eq!(to_sint(f, a, 64) as i64 as i128, x / one, "{f} fptosi {a:#x}");
            assert_eq!(to_uint(f, a, 2), (x / one).clamp(0, 3) as u64, "{f} fptoui {a:#x}");
        }
        // Integers in range (|i| < 4) are exact; larger ones overflow to infinity.
        for _ in 0..1000 {
            let i = (rng.next_u64() as i64) >> rng.below(64);
            let r = from_sint(f, i as u64, 64);
            if i.unsigned_abs() < 4 {
                let one = 1i128 << (f.man + f.bias() as u32 - 1);
                assert_eq!(signed(f, r), i128::from(i) * one);
            } else {
                assert_eq!(r, f.inf(i < 0), "{f} sitofp {i}");
            }
        }
    }
}
