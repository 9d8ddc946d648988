//! Conversions against the host: `f32 as f64`, `f64 as f32`, float-to-integer and
//! integer-to-float `as` casts (Rust's `as` saturates exactly as the model does), at the
//! native integer widths and, by clamping a 64-bit host result, at odd widths.

use super::tests_support::{check, random, specials};
use super::*;
use crate::float::FloatFormat;
use comb::rng::Rng;

const F32: FloatFormat = FloatFormat::F32;
const F64: FloatFormat = FloatFormat::F64;

#[test]
fn between_f32_and_f64() {
    let mut rng = Rng::new(11);
    let mut s64 = specials(F64);
    s64.extend((0..200_000).map(|_| random(F64, &mut rng)));
    // f64 values at f32's rounding boundaries: every tie, half-way below the subnormals.
    for k in 1..200u64 {
        let x = f32::from_bits((k * 0x0123_4567) as u32) as f64;
        s64.push(x.to_bits() + (1 << 28));
        s64.push(x.to_bits() + (1 << 28) + 1);
        s64.push(x.to_bits() - (1 << 28));
    }
    for a in s64 {
        let want = (f64::from_bits(a) as f32).to_bits() as u64;
        check(F32, "truncf", &[a], convert(F64, F32, a), want);
        check(F32, "from_f64", &[a], from_f64(F32, f64::from_bits(a)), want);
        check(F64, "from_f64", &[a], from_f64(F64, f64::from_bits(a)), a);
    }
    let mut s32 = specials(F32);
    s32.extend((0..200_000).map(|_| random(F32, &mut rng)));
    for a in s32 {
        let want = (f32::from_bits(a as u32) as f64).to_bits();
        check(F64, "extf", &[a], convert(F32, F64, a), want);
    }
}

/// The host's saturating `as i64` / `as u64` of a float, clamped to `width` bits.
fn host_to_int(v: f64, signed: bool, width: u32) -> u64 {
    let mask = u64::MAX >> (64 - width);
    if signed {
        let (lo, hi) = (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1);
        (i128::from(v as i64).clamp(lo, hi) as u64) & mask
    } else {
        (v as u64).min(mask)
    }
}

#[test]
fn to_integers_match_as_casts() {
    let mut rng = Rng::new(12);
    let mut vals: Vec<u64> = specials(F64);
    vals.extend((0..20_000).map(|_| random(F64, &mut rng)));
    // Integers near each width's limits, and halves next to them.
    for w in 1..=64u32 {
        let edge = 2f64.powi(w as i32);
        for v in [edge, edge / 2.0, -edge / 2.0, edge - 1.0, edge / 2.0 - 1.0, -edge / 2.0 - 1.0] {
            for d in [-0.5, 0.0, 0.5] {
                vals.push((v + d).to_bits());
            }
        }
    }
    for &a in &vals {
        let v = f64::from_bits(a);
        for w in [1, 7, 8, 16, 31, 32, 33, 53, 63, 64] {
            assert_eq!(to_sint(F64, a, w), host_to_int(v, true, w), "fptosi {v:e} i{w}");
            assert_eq!(to_uint(F64, a, w), host_to_int(v, false, w), "fptoui {v:e} i{w}");
            let a32 = convert(F64, F32, a);
            let v32 = f32::from_bits(a32 as u32) as f64;
            assert_eq!(to_sint(F32, a32, w), host_to_int(v32, true, w), "fptosi f32 {v32:e} i{w}");
            assert_eq!(to_uint(F32, a32, w), host_to_int(v32, false, w), "fptoui f32 {v32:e} i{w}");
        }
        assert_eq!(to_sint(F64, a, 32), v as i32 as u32 as u64);
        assert_eq!(to_uint(F64, a, 16), u64::from(v as u16));
    }
}

#[test]
fn from_integers_match_as_casts() {
    let mut rng = Rng::new(13);
    for i in 0..100_000u64 {
        let x = match i % 4 {
            0 => rng.next_u64(),
            1 => rng.next_u64() >> rng.below(64),
            2 => (1u64 << rng.below(64)).wrapping_add(rng.below(5)).wrapping_sub(2),
            _ => rng.next_u64() | (u64::MAX << rng.below(64)),
        };
        for w in [1, 8, 24, 25, 32, 53, 54, 63, 64] {
            let s = ((x << (64 - w)) as i64) >> (64 - w);
            let u = x & (u64::MAX >> (64 - w));
            check(F32, "sitofp", &[x, w.into()], from_sint(F32, x, w), (s as f32).to_bits().into());
            check(F64, "sitofp", &[x, w.into()], from_sint(F64, x, w), (s as f64).to_bits());
            check(F32, "uitofp", &[x, w.into()], from_uint(F32, x, w), (u as f32).to_bits().into());
            check(F64, "uitofp", &[x, w.into()], from_uint(F64, x, w), (u as f64).to_bits());
        }
    }
    assert_eq!(from_sint(F32, 1, 1), u64::from((-1.0f32).to_bits()));
    assert_eq!(from_uint(F32, 0, 32), 0);
}
