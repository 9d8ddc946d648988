//! Conversions: between float formats (`arith.extf`/`arith.truncf`), from integers
//! (`arith.sitofp`/`arith.uitofp`), to integers (`arith.fptosi`/`arith.fptoui`), and from an
//! `f64` constant.
//!
//! To-integer conversions truncate toward zero and saturate where LLVM's result is poison: a
//! NaN gives 0, a value below the integer range gives its minimum (0 for unsigned, so every
//! negative number converts to 0 there) and one above gives its maximum, as Rust's `as` and
//! LLVM's `fptosi.sat`/`fptoui.sat` do. An integer width outside 1..=64 is clamped into it.

use super::round::round;
use super::value::{decode, Num, Val};
use crate::float::FloatFormat;

/// `a` of format `from` rounded (to nearest even) into format `to`; exact when `to` holds it.
pub fn convert(from: FloatFormat, to: FloatFormat, a: u64) -> u64 {
    match decode(from, a) {
        Val::Nan => to.default_nan(),
        Val::Inf(s) => to.inf(s),
        Val::Zero(s) => to.zero(s),
        Val::Num(n) => round(to, n.sign, n.exp, u128::from(n.sig)),
    }
}

/// The `f64` value `v` rounded into `f` (exact for `f64`; any NaN gives the default NaN).
pub fn from_f64(f: FloatFormat, v: f64) -> u64 {
    convert(FloatFormat::F64, f, v.to_bits())
}

/// `width` clamped to the supported integer widths, 1..=64.
fn clamp_width(width: u32) -> u32 {
    width.clamp(1, 64)
}

/// The low `width` bits set.
fn int_mask(width: u32) -> u64 {
    u64::MAX >> (64 - width)
}

/// The low `width` bits of `x`, read as two's complement, converted to `f`.
pub fn from_sint(f: FloatFormat, x: u64, width: u32) -> u64 {
    let w = clamp_width(width);
    let v = ((x << (64 - w)) as i64) >> (64 - w);
    round(f, v < 0, 0, u128::from(v.unsigned_abs()))
}

/// The low `width` bits of `x`, read as unsigned, converted to `f`.
pub fn from_uint(f: FloatFormat, x: u64, width: u32) -> u64 {
    let w = clamp_width(width);
    round(f, false, 0, u128::from(x & int_mask(w)))
}

/// The magnitude of a finite number truncated toward zero, or `None` when it needs more than
/// 64 bits.
fn trunc_magnitude(n: Num) -> Option<u64> {
    if n.exp >= 0 {
        let lead = 64 - n.sig.leading_zeros() as i32 + n.exp;
        (lead <= 64).then(|| n.sig << n.exp)
    } else if n.exp <= -64 {
        Some(0)
    } else {
        Some(n.sig >> -n.exp)
    }
}

/// `a` truncated toward zero to a `width`-bit signed integer (saturating; NaN gives 0),
/// returned in the low `width` bits.
pub fn to_sint(f: FloatFormat, a: u64, width: u32) -> u64 {
    let w = clamp_width(width);
    let max = (1i128 << (w - 1)) - 1;
    let min = -(1i128 << (w - 1));
    let v: i128 = match decode(f, a) {
        Val::Nan | Val::Zero(_) => 0,
        Val::Inf(s) => {
            if s {
                min
            } else {
                max
            }
        }
        Val::Num(n) => match trunc_magnitude(n) {
            None if n.sign => min,
            None => max,
            Some(m) if n.sign => -i128::from(m),
            Some(m) => i128::from(m),
        },
    };
    (v.clamp(min, max) as u64) & int_mask(w)
}

/// `a` truncated toward zero to a `width`-bit unsigned integer (saturating: negative numbers
/// and NaN give 0), returned in the low `width` bits.
pub fn to_uint(f: FloatFormat, a: u64, width: u32) -> u64 {
    let w = clamp_width(width);
    let max = int_mask(w);
    match decode(f, a) {
        Val::Nan | Val::Zero(_) | Val::Inf(true) => 0,
        Val::Num(n) if n.sign => 0,
        Val::Inf(false) => max,
        Val::Num(n) => trunc_magnitude(n).map_or(max, |m| m.min(max)),
    }
}
