//! The conversions against Rust's `as` casts: integers of every width class to `f32`/`f64`
//! (round to nearest even), `f32`/`f64` to integers (truncating, saturating, NaN to 0),
//! and `f32` <-> `f64` (exact one way, rounded with subnormals the other).

use super::tests_ds_util::{run_comb, singles};
use super::FUnit;
use crate::float::FloatFormat;
use comb::rng::Rng;

const F32: FloatFormat = FloatFormat::F32;
const F64: FloatFormat = FloatFormat::F64;

fn mask(w: u32) -> u64 {
    if w == 64 {
        u64::MAX
    } else {
        (1 << w) - 1
    }
}

/// `x` (low `w` bits) read as a signed `w`-bit integer.
fn signed(x: u64, w: u32) -> i64 {
    ((x << (64 - w)) as i64) >> (64 - w)
}

/// Integers of width `w`: edges and random values with random leading zeros.
fn ints(w: u32, n: usize, seed: u64) -> Vec<u64> {
    let m = mask(w);
    let mut v: Vec<u64> = [0, 1, m, m >> 1, (m >> 1) + 1, 2, 3, m - 1].iter().map(|&x| x & m).collect();
    let mut rng = Rng::new(seed);
    for _ in 0..n {
        let x = rng.next_u64() >> rng.below(64);
        v.push(x & m);
    }
    v
}

#[test]
fn integers_to_floats_round_to_nearest_even() {
    for w in [1, 2, 8, 16, 24, 25, 32, 53, 54, 63, 64] {
        let v = ints(w, 300, u64::from(w));
        let vs: Vec<Vec<u64>> = v.iter().map(|&x| vec![x]).collect();
        for (t, sgn) in [(F32, false), (F32, true), (F64, false), (F64, true)] {
            let got = run_comb((FUnit::IToFp { width: w, signed: sgn }, t), &vs);
            for (&x, &g) in v.iter().zip(&got) {
                let want = match (t == F32, sgn) {
                    (true, false) => u64::from((x as f32).to_bits()),
                    (true, true) => u64::from((signed(x, w) as f32).to_bits()),
                    (false, false) => (x as f64).to_bits(),
                    (false, true) => (signed(x, w) as f64).to_bits(),
                };
                assert_eq!(g, want, "{}itofp i{w} {x:#x} to {t}", if sgn { "s" } else { "u" });
            }
        }
    }
}

/// Rust's saturating `as` from a float to a `w`-bit integer.
fn native_to_int(v: f64, w: u32, sgn: bool) -> u64 {
    let m = mask(w);
    if sgn {
        let (lo, hi) = (-(2f64.powi(w as i32 - 1)), 2f64.powi(w as i32 - 1));
        if v.is_nan() {
            0
        } else if v >= hi {
            m >> 1
        } else if v <= lo {
            ((m >> 1) + 1) & m
        } else {
            (v as i64 as u64) & m
        }
    } else {
        let hi = 2f64.powi(w as i32);
        if v.is_nan() || v <= 0.0 {
            0
        } else if v >= hi {
            m
        } else {
            v as u64
        }
    }
}

#[test]
fn floats_to_integers_truncate_and_saturate() {
    for f in [F32, F64] {
        let mut v = singles(f, 600, 11);
        // Values around the integer ranges: powers of two and neighbours.
        for e in 0..66 {
            let x = 2f64.powi(e);
            for y in [x, -x, x - 1.0, -x + 1.0, x * 1.5, x - 0.5, -x - 0.5] {
                v.push(if f == F32 { u64::from((y as f32).to_bits()) } else { y.to_bits() });
            }
        }
        let vs: Vec<Vec<u64>> = v.iter().map(|&x| vec![x]).collect();
        for w in [1, 8, 16, 31, 32, 33, 53, 64] {
            for sgn in [false, true] {
                let got = run_comb((FUnit::FpToI { width: w, signed: sgn }, f), &vs);
                for (&x, &g) in v.iter().zip(&got) {
                    let val = if f == F32 { f64::from(f32::from_bits(x as u32)) } else { f64::from_bits(x) };
                    // Native `as` for the widths Rust has; the saturating rule elsewhere.
                    let want = match (w, sgn) {
                        (32, true) => u64::from(val as i32 as u32),
                        (64, true) => val as i64 as u64,
                        (32, false) => u64::from(val as u32),
                        (64, false) => val as u64,
                        _ => native_to_int(val, w, sgn),
                    };
                    assert_eq!(g, want, "fpto{}i {f} {x:#x} ({val}) to i{w}", if sgn { "s" } else { "u" });
                }
            }
        }
    }
}

#[test]
fn conversions_between_f32_and_f64() {
    let v = singles(F32, 2000, 12);
    let vs: Vec<Vec<u64>> = v.iter().map(|&x| vec![x]).collect();
    let got = run_comb((FUnit::Convert { to: F64 }, F32), &vs);
    for (&x, &g) in v.iter().zip(&got) {
        let want = f64::from(f32::from_bits(x as u32)).to_bits();
        assert!(F64.same_result(g, want), "extf {x:#x}: got {g:#x}, want {want:#x}");
    }
    let mut v = singles(F64, 2000, 13);
    // f64 values that land in f32's subnormal range and at its overflow edge.
    let mut rng = Rng::new(14);
    for _ in 0..1000 {
        let e = 1023 - 150 + rng.below(30);
        let e = if rng.chance(1, 4) { 1023 + 120 + rng.below(10) } else { e };
        v.push(F64.pack(rng.chance(1, 2), e, rng.next_u64() & F64.man_mask()));
    }
    let vs: Vec<Vec<u64>> = v.iter().map(|&x| vec![x]).collect();
    let got = run_comb((FUnit::Convert { to: F32 }, F64), &vs);
    for (&x, &g) in v.iter().zip(&got) {
        let want = u64::from((f64::from_bits(x) as f32).to_bits());
        assert!(F32.same_result(g, want), "truncf {x:#x}: got {g:#x}, want {want:#x}");
    }
}
