//! `maximum`/`minimum`/`maxnum`/`minnum` against the host's `f32::max`/`min` (IEEE
//! maxNum/minNum: the non-NaN operand when one is NaN), with the cases the host leaves open
//! (two zeros of different signs, NaN for `maximum`/`minimum`) pinned down by hand, and
//! `neg`/`abs` on every special value.

use super::tests_support::{check, random, specials};
use super::*;
use crate::float::FloatFormat;
use comb::rng::Rng;

const F32: FloatFormat = FloatFormat::F32;

fn host(bits: u64) -> f32 {
    f32::from_bits(bits as u32)
}

/// Every special pair and 100,000 random pairs of `f32`.
fn each_pair(mut each: impl FnMut(u64, u64)) {
    let sp = specials(F32);
    for &a in &sp {
        for &b in &sp {
            each(a, b);
        }
    }
    let mut rng = Rng::new(31);
    for _ in 0..100_000 {
        each(random(F32, &mut rng), random(F32, &mut rng));
    }
}

#[test]
fn num_variants_match_host_max_min() {
    each_pair(|a, b| {
        let (x, y) = (host(a), host(b));
        if x == 0.0 && y == 0.0 {
            return; // sign of the result unspecified on the host; pinned below
        }
        check(F32, "maxnum", &[a, b], maxnum(F32, a, b), u64::from(x.max(y).to_bits()));
        check(F32, "minnum", &[a, b], minnum(F32, a, b), u64::from(x.min(y).to_bits()));
        let nan = x.is_nan() || y.is_nan();
        let want_max = if nan { F32.default_nan() } else { u64::from(x.max(y).to_bits()) };
        let want_min = if nan { F32.default_nan() } else { u64::from(x.min(y).to_bits()) };
        check(F32, "maximum", &[a, b], maximum(F32, a, b), want_max);
        check(F32, "minimum", &[a, b], minimum(F32, a, b), want_min);
    });
}

#[test]
fn zeros_and_nans_are_pinned() {
    let (pz, nz, one) = (0u64, 0x8000_0000u64, 0x3F80_0000u64);
    let qnan = F32.default_nan();
    let snan = 0xFF80_0001u64; // a negative signalling NaN
    for (a, b) in [(pz, nz), (nz, pz)] {
        assert_eq!(maximum(F32, a, b), pz);
        assert_eq!(maxnum(F32, a, b), pz);
        assert_eq!(minimum(F32, a, b), nz);
        assert_eq!(minnum(F32, a, b), nz);
    }
    for nan in [qnan, snan] {
        assert_eq!(maximum(F32, nan, one), qnan);
        assert_eq!(minimum(F32, one, nan), qnan);
        assert_eq!(maxnum(F32, nan, nz), nz);
        assert_eq!(minnum(F32, one, nan), one);
        assert_eq!(maxnum(F32, nan, snan), qnan);
    }
    // Other formats: results keep the format's width.
    for f in [FloatFormat::F16, FloatFormat::BF16, FloatFormat::F64, FloatFormat { exp: 6, man: 9 }] {
        let (p, n) = (f.zero(false), f.zero(true));
        assert_eq!(maximum(f, n, p), p);
        assert_eq!(minnum(f, p, n | !f.mask()), n);
        assert_eq!(maxnum(f, f.default_nan(), f.inf(true)), f.inf(true));
    }
}

#[test]
fn neg_and_abs_touch_only_the_sign() {
    for f in [FloatFormat::F16, FloatFormat::BF16, F32, FloatFormat::F64] {
        for a in specials(f) {
            assert_eq!(neg(f, a), a ^ f.sign_bit());
            assert_eq!(abs(f, a), a & !f.sign_bit());
            assert_eq!(neg(f, neg(f, a)), a);
        }
    }
    assert_eq!(neg(F32, 0xFFFF_FFFF_7FC0_0000), 0xFFC0_0000);
    assert_eq!(abs(F32, u64::from((-2.5f32).to_bits())), u64::from(2.5f32.to_bits()));
}
