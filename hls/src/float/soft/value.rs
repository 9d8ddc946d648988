//! Decoding a bit pattern into a class and, for finite nonzero values, an exact
//! (sign, exponent, significand) triple with subnormals normalized.
//!
//! Every operation of the reference model starts here, so the cases (NaN, infinity, zero,
//! number) are sorted out once and the arithmetic works on integers only.

use crate::float::FloatFormat;

/// A finite nonzero value: `(-1)^sign * sig * 2^exp`, with `sig` normalized so that its top
/// bit is bit `man` of the format (`2^man <= sig < 2^(man+1)`), subnormals included (their
/// exponent goes below the format's minimum).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Num {
    /// Negative.
    pub sign: bool,
    /// Exponent of the significand's least significant bit.
    pub exp: i32,
    /// The significand with its leading 1.
    pub sig: u64,
}

/// The class of a decoded value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Val {
    /// Any NaN (payload and quiet bit ignored).
    Nan,
    /// An infinity of the given sign (true: negative).
    Inf(bool),
    /// A zero of the given sign (true: negative).
    Zero(bool),
    /// A finite nonzero number.
    Num(Num),
}

/// The exponent of the least significant fraction bit of a subnormal (and of the smallest
/// normal): `1 - bias - man`.
pub(crate) fn min_lsb_exp(f: FloatFormat) -> i32 {
    1 - f.bias() - f.man as i32
}

/// Decodes `bits` (only the format's low bits are read).
pub(crate) fn decode(f: FloatFormat, bits: u64) -> Val {
    let (sign, e, m) = f.unpack(bits & f.mask());
    if e == f.exp_max() {
        return if m == 0 { Val::Inf(sign) } else { Val::Nan };
    }
    if e == 0 {
        if m == 0 {
            return Val::Zero(sign);
        }
        // Subnormal: shift the fraction up until its top bit sits at the hidden bit.
        let shift = f.man - (63 - m.leading_zeros());
        return Val::Num(Num { sign, exp: min_lsb_exp(f) - shift as i32, sig: m << shift });
    }
    let exp = e as i32 - f.bias() - f.man as i32;
    Val::Num(Num { sign, exp, sig: m | (1u64 << f.man) })
}
