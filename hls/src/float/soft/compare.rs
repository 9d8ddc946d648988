//! Sign operations, `arith.cmpf`, and the four min/max operations.
//!
//! Comparison orders non-NaN values by a signed integer key (both zeros map to the same key,
//! so `-0 == +0`). The min/max operations order `-0` below `+0`. `maximum`/`minimum`
//! (`arith.maximumf`/`minimumf`) give NaN when either operand is NaN; `maxnum`/`minnum`
//! (`arith.maxnumf`/`minnumf`) give the other operand, unchanged, when exactly one is NaN and
//! the default NaN when both are.

use crate::float::{FCmpPred, FloatFormat};
use std::cmp::Ordering;

/// `-a`: the sign bit flipped (of a NaN too).
pub fn neg(f: FloatFormat, a: u64) -> u64 {
    (a ^ f.sign_bit()) & f.mask()
}

/// `|a|`: the sign bit cleared (of a NaN too).
pub fn abs(f: FloatFormat, a: u64) -> u64 {
    a & !f.sign_bit() & f.mask()
}

/// A key that orders non-NaN bit patterns by value, with both zeros equal.
fn key(f: FloatFormat, a: u64) -> i64 {
    let mag = (a & !f.sign_bit() & f.mask()) as i64;
    if a & f.sign_bit() != 0 {
        -mag
    } else {
        mag
    }
}

/// `arith.cmpf` with predicate `p`.
pub fn cmp(f: FloatFormat, p: FCmpPred, a: u64, b: u64) -> bool {
    if f.is_nan(a) || f.is_nan(b) {
        return p.unordered_result();
    }
    let o = key(f, a).cmp(&key(f, b));
    p.ordered_result(o == Ordering::Less, o == Ordering::Equal, o == Ordering::Greater)
}

/// Orders non-NaN values with `-0 < +0`.
fn total(f: FloatFormat, a: u64, b: u64) -> Ordering {
    let sign_first = |x: u64| x & f.sign_bit() == 0;
    key(f, a).cmp(&key(f, b)).then(sign_first(a).cmp(&sign_first(b)))
}

/// Picks `a` or `b` by `want` (the ordering of `a` relative to `b` that selects `a`) after the
/// NaN rules: `strict` gives NaN for any NaN operand, otherwise the non-NaN operand wins.
fn pick(f: FloatFormat, a: u64, b: u64, want: Ordering, strict: bool) -> u64 {
    let (a, b) = (a & f.mask(), b & f.mask());
    match (f.is_nan(a), f.is_nan(b)) {
        (true, true) => f.default_nan(),
        (true, false) | (false, true) if strict => f.default_nan(),
        (true, false) => b,
        (false, true) => a,
        (false, false) => {
            if total(f, a, b) == want {
                a
            } else {
                b
            }
        }
    }
}

/// `arith.maximumf`: NaN if either operand is NaN, `-0 < +0`.
pub fn maximum(f: FloatFormat, a: u64, b: u64) -> u64 {
    pick(f, a, b, Ordering::Greater, true)
}

/// `arith.minimumf`: NaN if either operand is NaN, `-0 < +0`.
pub fn minimum(f: FloatFormat, a: u64, b: u64) -> u64 {
    pick(f, a, b, Ordering::Less, true)
}

/// `arith.maxnumf`: the other operand if one is NaN (NaN only if both are), `-0 < +0`.
pub fn maxnum(f: FloatFormat, a: u64, b: u64) -> u64 {
    pick(f, a, b, Ordering::Greater, false)
}

/// `arith.minnumf`: the other operand if one is NaN (NaN only if both are), `-0 < +0`.
pub fn minnum(f: FloatFormat, a: u64, b: u64) -> u64 {
    pick(f, a, b, Ordering::Less, false)
}
