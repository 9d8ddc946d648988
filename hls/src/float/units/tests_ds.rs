//! The division, square-root, comparison, min/max and conversion units against Rust's
//! native `f32`/`f64` arithmetic (IEEE 754, round to nearest even, subnormals kept; `as`
//! casts saturate and send NaN to 0, as the units do), on the in-tree evaluator: every
//! pair of special values and a few thousand random operands per op and format.

use super::fcmp::MinMax;
use super::tests_ds_util::lat;
use super::tests_ds_util::{check, pairs, run_comb, run_pipelined, run_sequential, singles};
use super::{ds_unit, FUnit};
use crate::float::{FCmpPred, FloatFormat};
use std::cmp::Ordering;

const F32: FloatFormat = FloatFormat::F32;
const F64: FloatFormat = FloatFormat::F64;

fn f32_of(x: u64) -> f32 {
    f32::from_bits(x as u32)
}
fn f64_of(x: u64) -> f64 {
    f64::from_bits(x)
}

/// Native `a op b` at format `f` (f32 or f64).
fn native2(f: FloatFormat, a: u64, b: u64, op32: fn(f32, f32) -> f32, op64: fn(f64, f64) -> f64) -> u64 {
    if f == F32 {
        u64::from(op32(f32_of(a), f32_of(b)).to_bits())
    } else {
        op64(f64_of(a), f64_of(b)).to_bits()
    }
}

fn vecs2(p: &[(u64, u64)]) -> Vec<Vec<u64>> {
    p.iter().map(|&(a, b)| vec![a, b]).collect()
}

#[test]
fn divider_pipelined_matches_native() {
    for (f, n, every) in [(F32, 1200, 1), (F64, 300, 3)] {
        let p: Vec<(u64, u64)> = pairs(f, n, 1).into_iter().step_by(every).collect();
        let lat = lat((FUnit::Div, f), 10.0);
        assert!(lat >= 2, "a {f} divider at 10 ns needs several stages, got {lat}");
        let got = run_pipelined((FUnit::Div, f), lat, &vecs2(&p));
        for (&(a, b), &g) in p.iter().zip(&got) {
            check(f, "div", &[a, b], g, native2(f, a, b, |x, y| x / y, |x, y| x / y));
        }
    }
}

#[test]
fn divider_combinational_and_short_pipelines_match_native() {
    let p: Vec<(u64, u64)> = pairs(F32, 400, 2).into_iter().step_by(3).collect();
    for lat in [0, 1, 2, 3, 7, 30, 40] {
        let got = if lat == 0 {
            run_comb((FUnit::Div, F32), &vecs2(&p))
        } else {
            run_pipelined((FUnit::Div, F32), lat, &vecs2(&p))
        };
        for (&(a, b), &g) in p.iter().zip(&got) {
            check(F32, "div", &[a, b], g, native2(F32, a, b, |x, y| x / y, |x, y| x / y));
        }
    }
}

#[test]
fn divider_sequential_matches_native() {
    for (u, n) in [
        ((FUnit::DivSeq { rows: 1, split: 0 }, F32), 100),
        ((FUnit::DivSeq { rows: 4, split: 2 }, F32), 100),
        ((FUnit::DivSeq { rows: 3, split: 0 }, F64), 30),
    ] {
        let f = u.1;
        // Every eighth special pair (each takes p + 3 cycles) and the random ones.
        let p: Vec<(u64, u64)> = pairs(f, n * 8, 3).into_iter().step_by(8).collect();
        let got = run_sequential(u, &vecs2(&p));
        for (&(a, b), &g) in p.iter().zip(&got) {
            check(f, "div (sequential)", &[a, b], g, native2(f, a, b, |x, y| x / y, |x, y| x / y));
        }
    }
    assert_eq!(
        lat((FUnit::DivSeq { rows: 1, split: 0 }, F32), 10.0),
        24 + 3,
        "p + 3 cycles at one row a cycle"
    );
}

fn native_sqrt(f: FloatFormat, a: u64) -> u64 {
    if f == F32 {
        u64::from(f32_of(a).sqrt().to_bits())
    } else {
        f64_of(a).sqrt().to_bits()
    }
}

#[test]
fn square_root_pipelined_matches_native() {
    for (f, n) in [(F32, 2000), (F64, 500)] {
        let v = singles(f, n, 4);
        let lat = lat((FUnit::Sqrt, f), 10.0);
        let got = run_pipelined((FUnit::Sqrt, f), lat, &v.iter().map(|&a| vec![a]).collect::<Vec<_>>());
        for (&a, &g) in v.iter().zip(&got) {
            check(f, "sqrt", &[a], g, native_sqrt(f, a));
        }
    }
}

#[test]
fn square_root_sequential_matches_native() {
    for u in [(FUnit::SqrtSeq { rows: 1, split: 0 }, F32), (FUnit::SqrtSeq { rows: 4, split: 0 }, F64)] {
        let f = u.1;
        let v = singles(f, 60, 5);
        let got = run_sequential(u, &v.iter().map(|&a| vec![a]).collect::<Vec<_>>());
        for (&a, &g) in v.iter().zip(&got) {
            check(f, "sqrt (sequential)", &[a], g, native_sqrt(f, a));
        }
    }
}

/// MLIR's `cmpf` on native values: `partial_cmp` gives the order, `None` is unordered.
fn native_cmp(f: FloatFormat, p: FCmpPred, a: u64, b: u64) -> bool {
    let o = if f == F32 { f32_of(a).partial_cmp(&f32_of(b)) } else { f64_of(a).partial_cmp(&f64_of(b)) };
    match o {
        None => p.unordered_result(),
        Some(o) => p.ordered_result(o == Ordering::Less, o == Ordering::Equal, o == Ordering::Greater),
    }
}

#[test]
fn comparisons_match_native_for_all_predicates() {
    for (f, n) in [(F32, 500), (F64, 200)] {
        let p = pairs(f, n, 6);
        for pred in FCmpPred::ALL {
            let got = run_comb((FUnit::Cmp(pred), f), &vecs2(&p));
            for (&(a, b), &g) in p.iter().zip(&got) {
                assert_eq!(g == 1, native_cmp(f, pred, a, b), "cmpf {} {f} {a:#x} {b:#x}", pred.name());
            }
        }
    }
}

/// `minimumf`/`maximumf`/`minnumf`/`maxnumf` on native values with the ±0 rule: -0 < +0.
fn native_minmax(f: FloatFormat, op: MinMax, a: u64, b: u64) -> u64 {
    let nan = |x: u64| f.is_nan(x);
    let propagate = matches!(op, MinMax::Minimum | MinMax::Maximum);
    if nan(a) || nan(b) {
        return match (propagate, nan(a), nan(b)) {
            (true, _, _) | (false, true, true) => f.default_nan(),
            (false, true, false) => b,
            _ => a,
        };
    }
    let o = if f == F32 { f32_of(a).partial_cmp(&f32_of(b)) } else { f64_of(a).partial_cmp(&f64_of(b)) };
    // Equal values: only ±0 differ in bits; the min is the negative one.
    let a_neg = a & f.sign_bit() != 0;
    let a_less = match o {
        Some(Ordering::Less) => true,
        Some(Ordering::Greater) => false,
        _ => a_neg,
    };
    let want_min = matches!(op, MinMax::Minimum | MinMax::MinNum);
    if a_less == want_min {
        a
    } else {
        b
    }
}

#[test]
fn min_max_propagate_or_ignore_nan_and_order_zeros() {
    for (f, n) in [(F32, 1500), (F64, 800)] {
        let p = pairs(f, n, 7);
        for op in MinMax::ALL {
            let got = run_comb((FUnit::MinMax(op), f), &vecs2(&p));
            for (&(a, b), &g) in p.iter().zip(&got) {
                check(f, op.name(), &[a, b], g, native_minmax(f, op, a, b));
            }
        }
    }
    // The ±0 rule itself, both orders.
    let (pz, nz) = (0u64, F32.sign_bit());
    let got = run_comb((FUnit::MinMax(MinMax::Minimum), F32), &[vec![pz, nz], vec![nz, pz]]);
    assert_eq!(got, vec![nz, nz]);
    let got = run_comb((FUnit::MinMax(MinMax::MaxNum), F32), &[vec![pz, nz], vec![nz, pz]]);
    assert_eq!(got, vec![pz, pz]);
}

/// `maxnumf`/`minnumf` with two NaN operands give the default NaN (as the reference model
/// and every other NaN result), bit for bit; with one, the other operand unchanged. The
/// pairs are the first mismatches of the vector campaign (`bench/fvectors`).
#[test]
fn num_min_max_of_two_nans_is_the_default_nan() {
    let f16 = FloatFormat::F16;
    let v = vec![vec![0x7E62, 0x7C01], vec![0xFFFF, 0x7E01], vec![0x7C01, 0x3C00], vec![0xBC00, 0xFE00]];
    for op in [MinMax::MaxNum, MinMax::MinNum] {
        let got = run_comb((FUnit::MinMax(op), f16), &v);
        assert_eq!(got, vec![f16.default_nan(), f16.default_nan(), 0x3C00, 0xBC00], "{}", op.name());
    }
}

#[test]
fn neg_and_abs_touch_only_the_sign() {
    let v = singles(F64, 200, 8);
    let vs: Vec<Vec<u64>> = v.iter().map(|&a| vec![a]).collect();
    for (&a, &g) in v.iter().zip(&run_comb((FUnit::Neg, F64), &vs)) {
        assert_eq!(g, a ^ F64.sign_bit());
    }
    for (&a, &g) in v.iter().zip(&run_comb((FUnit::Abs, F64), &vs)) {
        assert_eq!(g, a & !F64.sign_bit());
    }
}

#[test]
fn latency_table_shrinks_with_the_clock_period() {
    for f in [FloatFormat::F16, F32, F64] {
        for k in [FUnit::Div, FUnit::Sqrt] {
            let l: Vec<u32> = [4.0, 5.0, 10.0, 20.0, 40.0, 1000.0].iter().map(|&p| lat((k, f), p)).collect();
            assert!(l.windows(2).all(|w| w[0] >= w[1]), "{k:?} {f}: {l:?}");
            assert_eq!(l[5], 0, "{k:?} {f} fits one cycle of 1 us");
            assert!(l[0] > f.precision() / 2, "{k:?} {f} at 4 ns: {l:?}");
            eprintln!("{k:?} {f}: latency at 4/5/10/20/40 ns: {l:?}");
        }
        assert_eq!(lat((FUnit::DivSeq { rows: 1, split: 0 }, f), 10.0), f.precision() + 3);
        assert_eq!(lat((FUnit::SqrtSeq { rows: 2, split: 0 }, f), 10.0), (f.precision() + 1).div_ceil(2) + 3);
        assert_eq!(super::min_latency(FUnit::Cmp(FCmpPred::Olt), f, 1000.0), 0);
        assert_eq!(super::min_latency(FUnit::Div, f, 10.0), lat((FUnit::Div, f), 10.0));
        for k in [FUnit::Div, FUnit::Sqrt] {
            let s = ds_unit::seq_unit(k, f, 10.0).expect("a sequential form");
            let (slow, fast) = (ds_unit::seq_unit(k, f, 40.0).expect("a sequential form"), s);
            assert!(
                lat((slow, f), 40.0) < lat((fast, f), 10.0),
                "{k:?} {f}: {slow:?} at 40 ns, {fast:?} at 10"
            );
            eprintln!("{k:?} {f}: sequential at 10 ns {s:?}, latency {}", lat((s, f), 10.0));
        }
    }
}

#[test]
fn comparisons_and_conversions_pipeline_through_the_generic_pipeliner() {
    let p = pairs(F32, 200, 9);
    let got = run_pipelined((FUnit::Cmp(FCmpPred::Ule), F32), 2, &vecs2(&p));
    for (&(a, b), &g) in p.iter().zip(&got) {
        assert_eq!(g == 1, native_cmp(F32, FCmpPred::Ule, a, b), "cmpf ule {a:#x} {b:#x}");
    }
    let v = singles(F64, 200, 10);
    let got =
        run_pipelined((FUnit::Convert { to: F32 }, F64), 3, &v.iter().map(|&a| vec![a]).collect::<Vec<_>>());
    for (&a, &g) in v.iter().zip(&got) {
        check(F32, "truncf", &[a], g, u64::from((f64_of(a) as f32).to_bits()));
    }
}
