//! The reference model against the host's own `f32` and `f64` arithmetic (Rust's operators,
//! `sqrt`, `mul_add`, `%`, `as` casts and `partial_cmp`): every pair (or triple) of the
//! special values and 200,000 random pairs per operation and format.

use super::tests_support::{check, random, specials};
use super::*;
use crate::float::{FCmpPred, FloatFormat};
use comb::rng::Rng;

/// Random operand pairs per operation and format.
const PAIRS: usize = 200_000;

/// A format paired with its host type's operations on bit patterns.
trait Native {
    const F: FloatFormat;
    fn bin(op: &str, a: u64, b: u64) -> u64;
    fn fma(a: u64, b: u64, c: u64) -> u64;
    fn sqrt(a: u64) -> u64;
    fn order(a: u64, b: u64) -> Option<std::cmp::Ordering>;
}

macro_rules! native {
    ($name:ident, $t:ty, $u:ty, $f:expr) => {
        struct $name;
        impl Native for $name {
            const F: FloatFormat = $f;
            fn bin(op: &str, a: u64, b: u64) -> u64 {
                let (x, y) = (<$t>::from_bits(a as $u), <$t>::from_bits(b as $u));
                let r = match op {
                    "add" => x + y,
                    "sub" => x - y,
                    "mul" => x * y,
                    "div" => x / y,
                    "rem" => x % y,
                    _ => unreachable!("no host op {op}"),
                };
                r.to_bits() as u64
            }
            fn fma(a: u64, b: u64, c: u64) -> u64 {
                let v = |x: u64| <$t>::from_bits(x as $u);
                v(a).mul_add(v(b), v(c)).to_bits() as u64
            }
            fn sqrt(a: u64) -> u64 {
                <$t>::from_bits(a as $u).sqrt().to_bits() as u64
            }
            fn order(a: u64, b: u64) -> Option<std::cmp::Ordering> {
                <$t>::from_bits(a as $u).partial_cmp(&<$t>::from_bits(b as $u))
            }
        }
    };
}
native!(H32, f32, u32, FloatFormat::F32);
native!(H64, f64, u64, FloatFormat::F64);

/// Every special pair, then `PAIRS` random ones, for one binary operation.
fn pairs<N: Native>(seed: u64, mut each: impl FnMut(u64, u64)) {
    let sp = specials(N::F);
    for &a in &sp {
        for &b in &sp {
            each(a, b);
        }
    }
    let mut rng = Rng::new(seed);
    for _ in 0..PAIRS {
        let (a, b) = (random(N::F, &mut rng), random(N::F, &mut rng));
        each(a, b);
    }
}

type Op = fn(FloatFormat, u64, u64) -> u64;

fn binary<N: Native>(name: &str, op: Op) {
    let f = N::F;
    pairs::<N>(name.len() as u64 * 7919, |a, b| check(f, name, &[a, b], op(f, a, b), N::bin(name, a, b)));
}

#[test]
fn add_sub_match_host() {
    binary::<H32>("add", add);
    binary::<H64>("add", add);
    binary::<H32>("sub", sub);
    binary::<H64>("sub", sub);
}

#[test]
fn mul_matches_host() {
    binary::<H32>("mul", mul);
    binary::<H64>("mul", mul);
}

#[test]
fn div_matches_host() {
    binary::<H32>("div", div);
    binary::<H64>("div", div);
}

#[test]
fn rem_matches_host() {
    binary::<H32>("rem", rem);
    binary::<H64>("rem", rem);
}

fn unary<N: Native>(seed: u64, op: fn(FloatFormat, u64) -> u64, want: fn(u64) -> u64, name: &str) {
    let f = N::F;
    for a in specials(f) {
        check(f, name, &[a], op(f, a), want(a));
    }
    let mut rng = Rng::new(seed);
    for _ in 0..PAIRS {
        let a = random(f, &mut rng);
        check(f, name, &[a], op(f, a), want(a));
    }
}

#[test]
fn sqrt_matches_host() {
    unary::<H32>(1, sqrt, H32::sqrt, "sqrt");
    unary::<H64>(2, sqrt, H64::sqrt, "sqrt");
    // Exact squares and their neighbours.
    for i in 1..2000u64 {
        let sq = (i * i) as f64;
        for v in [sq, f64::from_bits(sq.to_bits() + 1), f64::from_bits(sq.to_bits() - 1)] {
            let b = v.to_bits();
            check(FloatFormat::F64, "sqrt", &[b], sqrt(FloatFormat::F64, b), v.sqrt().to_bits());
        }
    }
}

fn fma_host<N: Native>(seed: u64) {
    let f = N::F;
    let sp = specials(f);
    for &a in &sp {
        for &b in &sp {
            for &c in &sp {
                check(f, "fma", &[a, b, c], fma(f, a, b, c), N::fma(a, b, c));
            }
        }
    }
    let mut rng = Rng::new(seed);
    for _ in 0..PAIRS {
        let (a, b) = (random(f, &mut rng), random(f, &mut rng));
        // Half the time, an addend close to minus the product, so the sum cancels.
        let c = if rng.chance(1, 2) { neg(f, mul(f, a, b)) ^ rng.below(4) } else { random(f, &mut rng) };
        check(f, "fma", &[a, b, c], fma(f, a, b, c), N::fma(a, b, c));
    }
}

#[test]
fn fma_matches_host_f32() {
    fma_host::<H32>(3);
}

#[test]
fn fma_matches_host_f64() {
    fma_host::<H64>(4);
}

fn cmp_host<N: Native>() {
    pairs::<N>(5, |a, b| {
        let o = N::order(a, b);
        for p in FCmpPred::ALL {
            let want = match o {
                None => p.unordered_result(),
                Some(o) => p.ordered_result(o.is_lt(), o.is_eq(), o.is_gt()),
            };
            assert_eq!(cmp(N::F, p, a, b), want, "{} {} {a:#x} {b:#x}", N::F, p.name());
        }
    });
}

#[test]
fn cmp_matches_partial_cmp_f32() {
    cmp_host::<H32>();
}

#[test]
fn cmp_matches_partial_cmp_f64() {
    cmp_host::<H64>();
}
