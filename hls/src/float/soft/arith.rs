//! Addition, subtraction, multiplication and division, each exact on integers and then
//! rounded once by [`round`].
//!
//! [`sum`] is the exact addition of two scaled integers, shared with `fma` (which adds an
//! exact product): the operand with the larger leading bit is placed at the top of a `u128`
//! and the other is aligned to it, any bits that fall off the bottom jammed into a sticky bit.
//! That is exact for rounding purposes because an operand only loses bits when it is so much
//! smaller that the result's last place lies far above them (see the comments in [`sum`]).

use super::round::{bit_len, round, shr_jam};
use super::value::{decode, Val};
use crate::float::FloatFormat;

/// A signed scaled integer `(-1)^sign * sig * 2^exp` (an operand of [`sum`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scaled {
    /// Negative.
    pub sign: bool,
    /// Exponent of `sig`'s bit 0.
    pub exp: i32,
    /// Magnitude, nonzero, at most 126 bits.
    pub sig: u128,
}

/// `x + y` for nonzero operands of at most 126 bits, rounded into `f`. An exact zero result
/// (`x == -y`) is `+0`, as round-to-nearest requires.
pub(crate) fn sum(f: FloatFormat, x: Scaled, y: Scaled) -> u64 {
    let lead = |v: &Scaled| v.exp + bit_len(v.sig);
    let (big, small) = if lead(&x) >= lead(&y) { (x, y) } else { (y, x) };
    // Put `big`'s leading bit at bit 126 (bit 127 stays free for a carry). Its last bit then
    // sits at bit >= 1, so `big` is even in units of `base`.
    let up = 127 - bit_len(big.sig);
    let base = big.exp - up;
    let b = big.sig << up;
    // `small` is shifted into the same units. It loses bits only when its last bit falls
    // below `base`; its leading bit is then below bit `bit_len - 1 <= 123` (a product has at
    // most 124 bits), at least 3 places under `big`'s bit 126, so the result exceeds
    // 2^126 - 2^124 and its last place (at most 62 bits further down) is far above `base`.
    // The jammed value (`shr_jam`) is then an odd count of `base` units next to an even `b`:
    // it lies strictly between the same two rounding boundaries as the exact value.
    let d = i64::from(small.exp) - i64::from(base);
    let s = if d >= 0 { small.sig << d as u32 } else { shr_jam(small.sig, (-d).min(200) as u32) };
    if big.sign == small.sign {
        return round(f, big.sign, base, b + s);
    }
    match b.cmp(&s) {
        std::cmp::Ordering::Equal => f.zero(false),
        std::cmp::Ordering::Greater => round(f, big.sign, base, b - s),
        std::cmp::Ordering::Less => round(f, small.sign, base, s - b),
    }
}

/// `a + b`.
pub fn add(f: FloatFormat, a: u64, b: u64) -> u64 {
    match (decode(f, a), decode(f, b)) {
        (Val::Nan, _) | (_, Val::Nan) => f.default_nan(),
        (Val::Inf(x), Val::Inf(y)) if x != y => f.default_nan(),
        (Val::Inf(x), _) | (_, Val::Inf(x)) => f.inf(x),
        (Val::Zero(x), Val::Zero(y)) => f.zero(x && y),
        (Val::Zero(_), _) => b & f.mask(),
        (_, Val::Zero(_)) => a & f.mask(),
        (Val::Num(x), Val::Num(y)) => sum(f, scaled(x), scaled(y)),
    }
}

/// `a - b`: `a + (-b)`.
pub fn sub(f: FloatFormat, a: u64, b: u64) -> u64 {
    add(f, a, b ^ f.sign_bit())
}

/// `a * b`.
pub fn mul(f: FloatFormat, a: u64, b: u64) -> u64 {
    match (decode(f, a), decode(f, b)) {
        (Val::Nan, _) | (_, Val::Nan) => f.default_nan(),
        (Val::Inf(_), Val::Zero(_)) | (Val::Zero(_), Val::Inf(_)) => f.default_nan(),
        (Val::Inf(x), v) | (v, Val::Inf(x)) => f.inf(x ^ sign_of(v)),
        (Val::Zero(x), v) | (v, Val::Zero(x)) => f.zero(x ^ sign_of(v)),
        (Val::Num(x), Val::Num(y)) => {
            let p = u128::from(x.sig) * u128::from(y.sig);
            round(f, x.sign ^ y.sign, x.exp + y.exp, p)
        }
    }
}

/// `a / b`.
pub fn div(f: FloatFormat, a: u64, b: u64) -> u64 {
    match (decode(f, a), decode(f, b)) {
        (Val::Nan, _) | (_, Val::Nan) => f.default_nan(),
        (Val::Inf(_), Val::Inf(_)) | (Val::Zero(_), Val::Zero(_)) => f.default_nan(),
        (Val::Inf(x), v) => f.inf(x ^ sign_of(v)),
        (v, Val::Inf(x)) => f.zero(x ^ sign_of(v)),
        (v, Val::Zero(x)) => f.inf(x ^ sign_of(v)),
        (Val::Zero(x), v) => f.zero(x ^ sign_of(v)),
        (Val::Num(x), Val::Num(y)) => {
            // Both significands have `man + 1` bits; scaling the dividend by `man + 3` places
            // gives a quotient of at least `man + 3` bits: two below the result's last place,
            // and the remainder goes into the sticky bit.
            let k = f.man + 3;
            let n = u128::from(x.sig) << k;
            let d = u128::from(y.sig);
            let q = (n / d) << 1 | u128::from(!n.is_multiple_of(d));
            round(f, x.sign ^ y.sign, x.exp - y.exp - k as i32 - 1, q)
        }
    }
}

/// The sign of a non-NaN value (false for a NaN, which callers have ruled out).
pub(crate) fn sign_of(v: Val) -> bool {
    match v {
        Val::Nan => false,
        Val::Inf(s) | Val::Zero(s) => s,
        Val::Num(n) => n.sign,
    }
}

/// A decoded number as a [`sum`] operand.
pub(crate) fn scaled(n: super::value::Num) -> Scaled {
    Scaled { sign: n.sign, exp: n.exp, sig: u128::from(n.sig) }
}
