//! The division, square-root, comparison, min/max and conversion units on the formats
//! Rust has no native type for (`f16`, `bf16`, and odd ones: 3 exponent bits and 4
//! fraction bits, 6 and 9, 10 and 30) against the reference model `float::soft`.

use super::fcmp::MinMax;
use super::tests_ds_util::lat;
use super::tests_ds_util::{check, pairs, run_comb, run_pipelined, run_sequential, singles};
use super::FUnit;
use crate::float::{soft, FCmpPred, FloatFormat};
use comb::rng::Rng;

const FORMATS: [FloatFormat; 5] = [
    FloatFormat::F16,
    FloatFormat::BF16,
    FloatFormat { exp: 3, man: 4 },
    FloatFormat { exp: 6, man: 9 },
    FloatFormat { exp: 10, man: 30 },
];

fn vecs2(p: &[(u64, u64)]) -> Vec<Vec<u64>> {
    p.iter().map(|&(a, b)| vec![a, b]).collect()
}

fn vecs1(v: &[u64]) -> Vec<Vec<u64>> {
    v.iter().map(|&a| vec![a]).collect()
}

#[test]
fn division_matches_the_reference() {
    for f in FORMATS {
        let p = pairs(f, 400, 31);
        let got = run_pipelined((FUnit::Div, f), lat((FUnit::Div, f), 8.0), &vecs2(&p));
        for (&(a, b), &g) in p.iter().zip(&got) {
            check(f, "div", &[a, b], g, soft::div(f, a, b));
        }
    }
}

#[test]
fn square_root_matches_the_reference() {
    for f in FORMATS {
        let v = singles(f, 800, 32);
        let got = run_pipelined((FUnit::Sqrt, f), lat((FUnit::Sqrt, f), 8.0), &vecs1(&v));
        for (&a, &g) in v.iter().zip(&got) {
            check(f, "sqrt", &[a], g, soft::sqrt(f, a));
        }
    }
}

#[test]
fn sequential_forms_match_the_reference() {
    for f in [FloatFormat::F16, FloatFormat::BF16, FloatFormat { exp: 3, man: 4 }] {
        let p: Vec<(u64, u64)> = pairs(f, 320, 33).into_iter().step_by(8).collect();
        let got = run_sequential((FUnit::DivSeq { rows: 2, split: 0 }, f), &vecs2(&p));
        for (&(a, b), &g) in p.iter().zip(&got) {
            check(f, "div (sequential)", &[a, b], g, soft::div(f, a, b));
        }
        let v = singles(f, 40, 34);
        let got = run_sequential((FUnit::SqrtSeq { rows: 3, split: 1 }, f), &vecs1(&v));
        for (&a, &g) in v.iter().zip(&got) {
            check(f, "sqrt (sequential)", &[a], g, soft::sqrt(f, a));
        }
    }
}

#[test]
fn comparisons_and_min_max_match_the_reference() {
    for f in FORMATS {
        let p: Vec<(u64, u64)> = pairs(f, 300, 35).into_iter().step_by(2).collect();
        for pred in FCmpPred::ALL {
            let got = run_comb((FUnit::Cmp(pred), f), &vecs2(&p));
            for (&(a, b), &g) in p.iter().zip(&got) {
                assert_eq!(g == 1, soft::cmp(f, pred, a, b), "cmpf {} {f} {a:#x} {b:#x}", pred.name());
            }
        }
        for op in MinMax::ALL {
            let r: fn(FloatFormat, u64, u64) -> u64 = match op {
                MinMax::Minimum => soft::minimum,
                MinMax::Maximum => soft::maximum,
                MinMax::MinNum => soft::minnum,
                MinMax::MaxNum => soft::maxnum,
            };
            let got = run_comb((FUnit::MinMax(op), f), &vecs2(&p));
            for (&(a, b), &g) in p.iter().zip(&got) {
                check(f, op.name(), &[a, b], g, r(f, a, b));
            }
        }
    }
}

#[test]
fn conversions_between_any_formats_match_the_reference() {
    let all = [FORMATS.as_slice(), &[FloatFormat::F32, FloatFormat::F64]].concat();
    for &from in &all {
        let v = singles(from, 300, 36);
        for &to in &all {
            if from == to {
                continue;
            }
            let got = run_comb((FUnit::Convert { to }, from), &vecs1(&v));
            for (&a, &g) in v.iter().zip(&got) {
                let want = soft::convert(from, to, a);
                assert!(to.same_result(g, want), "{from} {a:#x} to {to}: got {g:#x}, want {want:#x}");
            }
        }
    }
}

#[test]
fn integer_conversions_match_the_reference() {
    let mut rng = Rng::new(37);
    for f in FORMATS {
        for w in [1, 5, 11, 16, 17, 40, 64] {
            let m = if w == 64 { u64::MAX } else { (1 << w) - 1 };
            let ints: Vec<u64> =
                (0..200).map(|_| (rng.next_u64() >> rng.below(64)) & m).chain([0, 1, m, m >> 1]).collect();
            for signed in [false, true] {
                let got = run_comb((FUnit::IToFp { width: w, signed }, f), &vecs1(&ints));
                for (&x, &g) in ints.iter().zip(&got) {
                    let want = if signed { soft::from_sint(f, x, w) } else { soft::from_uint(f, x, w) };
                    assert_eq!(g, want, "{}itofp i{w} {x:#x} to {f}", if signed { "s" } else { "u" });
                }
            }
            let v = singles(f, 200, 38);
            for signed in [false, true] {
                let got = run_comb((FUnit::FpToI { width: w, signed }, f), &vecs1(&v));
                for (&a, &g) in v.iter().zip(&got) {
                    let want = if signed { soft::to_sint(f, a, w) } else { soft::to_uint(f, a, w) };
                    assert_eq!(g, want, "fpto{}i {f} {a:#x} to i{w}", if signed { "s" } else { "u" });
                }
            }
        }
    }
}
