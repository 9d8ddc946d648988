//! The remainder unit (`frem.rs`) against Rust's native `%` on `f32`/`f64` (LLVM's `frem`,
//! C's `fmod`) and, for the formats Rust has no type for, the reference model
//! `float::soft::rem`: every pair of special values and random operands biased toward the
//! exponent extremes (the longest reductions), sequential as HLS builds it, pipelined and
//! combinational for small formats.

use super::frem::{FRem, DIGIT};
use super::tests_ds_util::{check, lat, pairs, run_comb, run_pipelined, run_sequential};
use super::{ds_unit, FUnit};
use crate::float::{soft, FloatFormat};

const F32: FloatFormat = FloatFormat::F32;
const F64: FloatFormat = FloatFormat::F64;

fn vecs2(p: &[(u64, u64)]) -> Vec<Vec<u64>> {
    p.iter().map(|&(a, b)| vec![a, b]).collect()
}

/// Native `a % b` at format `f` (f32 or f64).
fn native(f: FloatFormat, a: u64, b: u64) -> u64 {
    if f == F32 {
        u64::from((f32::from_bits(a as u32) % f32::from_bits(b as u32)).to_bits())
    } else {
        (f64::from_bits(a) % f64::from_bits(b)).to_bits()
    }
}

/// The largest finite value and the smallest subnormal, both signs: the longest reduction.
fn extremes(f: FloatFormat) -> Vec<(u64, u64)> {
    let big = ((f.exp_max() - 1) << f.man) | f.man_mask();
    let odd = ((f.exp_max() - 1) << f.man) | 1;
    let mut v = Vec::new();
    for a in [big, odd, big | f.sign_bit()] {
        for b in [1, 3, 5 | f.sign_bit(), (1 << f.man) | 7, f.man_mask()] {
            v.push((a, b));
        }
    }
    v
}

#[test]
fn worst_case_rows_per_format() {
    assert_eq!(FRem::max_shift(F32), 276);
    assert_eq!(FRem::max_shift(F64), 2097);
    assert_eq!(FRem::max_shift(FloatFormat::F16), 39);
    assert_eq!(FRem::max_shift(FloatFormat::BF16), 260);
    for f in [F32, F64, FloatFormat::F16, FloatFormat::BF16] {
        assert_eq!(FRem::min_rows(f), FRem::max_shift(f).div_ceil(DIGIT), "{f}");
    }
}

/// The sequential f32 remainder at a 10 ns clock takes fewer cycles than the worst case's
/// exponent difference (one bit a cycle, the unit before rows of [`DIGIT`] bits).
#[test]
fn sequential_f32_is_faster_than_a_bit_a_cycle() {
    let u = ds_unit::seq_unit(FUnit::Rem, F32, 10.0).expect("a sequential remainder");
    let cycles = lat((u, F32), 10.0);
    eprintln!("remf f32 at 10 ns: {u:?}, {cycles} cycles ({} rows of {DIGIT} bits)", FRem::min_rows(F32));
    assert!(cycles < FRem::max_shift(F32) * 2 / 3, "{u:?}: {cycles} cycles");
}

#[test]
fn sequential_f32_matches_native() {
    let u = ds_unit::seq_unit(FUnit::Rem, F32, 10.0).expect("a sequential remainder");
    let FUnit::RemSeq { rows, split } = u else { panic!("{u:?}") };
    // The worst case's rows, as many a cycle as fit, and the protocol's fixed cycles.
    assert_eq!(lat((u, F32), 10.0), FRem::min_rows(F32).div_ceil(rows) + 3 + 2 * split);
    let slow = ds_unit::seq_unit(FUnit::Rem, F32, 40.0).expect("a sequential remainder");
    assert!(lat((slow, F32), 40.0) < lat((u, F32), 10.0) / 2, "{slow:?} at 40 ns");
    for (u, n) in
        [(u, 600), (FUnit::RemSeq { rows: 1, split: 0 }, 60), (FUnit::RemSeq { rows: 5, split: 1 }, 150)]
    {
        let mut p: Vec<(u64, u64)> = pairs(F32, n * 4, 41).into_iter().step_by(4).collect();
        p.extend(extremes(F32));
        let got = run_sequential((u, F32), &vecs2(&p));
        for (&(a, b), &g) in p.iter().zip(&got) {
            check(F32, "rem (sequential)", &[a, b], g, native(F32, a, b));
        }
    }
}

#[test]
fn sequential_f64_matches_native() {
    let u = ds_unit::seq_unit(FUnit::Rem, F64, 10.0).expect("a sequential remainder");
    let mut p: Vec<(u64, u64)> = pairs(F64, 200, 42).into_iter().step_by(9).collect();
    p.extend(extremes(F64));
    let got = run_sequential((u, F64), &vecs2(&p));
    for (&(a, b), &g) in p.iter().zip(&got) {
        check(F64, "rem (sequential)", &[a, b], g, native(F64, a, b));
    }
}

#[test]
fn small_formats_match_the_reference() {
    let odd = [FloatFormat { exp: 3, man: 4 }, FloatFormat { exp: 5, man: 2 }];
    for f in [FloatFormat::F16, FloatFormat::BF16].into_iter().chain(odd) {
        let mut p = pairs(f, 1500, 43);
        p.extend(extremes(f));
        let seq = ds_unit::seq_unit(FUnit::Rem, f, 10.0).expect("a sequential remainder");
        let some: Vec<(u64, u64)> = p.iter().copied().step_by(5).collect();
        let got = run_sequential((seq, f), &vecs2(&some));
        for (&(a, b), &g) in some.iter().zip(&got) {
            check(f, "rem (sequential)", &[a, b], g, soft::rem(f, a, b));
        }
        if f == FloatFormat::BF16 {
            continue;
        }
        let got = run_pipelined((FUnit::Rem, f), lat((FUnit::Rem, f), 10.0), &vecs2(&p));
        for (&(a, b), &g) in p.iter().zip(&got) {
            check(f, "rem (pipelined)", &[a, b], g, soft::rem(f, a, b));
        }
    }
    let f = FloatFormat { exp: 3, man: 4 };
    let all: Vec<(u64, u64)> = (0..256).flat_map(|a| (0..256).map(move |b| (a, b))).collect();
    let got = run_comb((FUnit::Rem, f), &vecs2(&all));
    for (&(a, b), &g) in all.iter().zip(&got) {
        check(f, "rem (combinational, every pair)", &[a, b], g, soft::rem(f, a, b));
    }
}
