//! The one rounding routine of the reference model: an exact value `sig * 2^exp` (or one
//! whose lowest bit is a sticky bit, see [`shr_jam`]) to the nearest representable value of a
//! format, ties to even, with overflow to infinity and gradual underflow to subnormals.
//!
//! Every arithmetic operation computes its result exactly, or with at least two bits below
//! the result's last place plus a sticky bit jammed into bit 0, then calls [`round`]. Keeping
//! one routine means one place decides the subnormal boundary and the carry out of rounding.

use super::value::min_lsb_exp;
use crate::float::FloatFormat;

/// `x >> s` with the bits shifted out ORed into bit 0 of the result (the "jammed" sticky
/// bit). Any `s` is allowed; `s >= 128` leaves just the sticky bit.
pub(crate) fn shr_jam(x: u128, s: u32) -> u128 {
    if s == 0 {
        x
    } else if s >= 128 {
        u128::from(x != 0)
    } else {
        (x >> s) | u128::from(x & ((1u128 << s) - 1) != 0)
    }
}

/// Bits needed to write `x` (0 for 0).
pub(crate) fn bit_len(x: u128) -> i32 {
    128 - x.leading_zeros() as i32
}

/// `(-1)^sign * sig * 2^exp` rounded to nearest even into `f`. `sig == 0` gives a zero of
/// `sign`. A caller whose `sig` is not exact must keep at least two bits below the result's
/// last place and jam the lost bits into bit 0 (as [`shr_jam`] does); it then rounds the same
/// as the exact value.
pub(crate) fn round(f: FloatFormat, sign: bool, exp: i32, sig: u128) -> u64 {
    if sig == 0 {
        return f.zero(sign);
    }
    let man = f.man as i32;
    // Exponent of the leading bit, and of the result's last place: a normal result keeps
    // `man + 1` bits, a subnormal one ends at the format's smallest place.
    let lead = exp + bit_len(sig) - 1;
    let lsb = (lead - man).max(min_lsb_exp(f));
    let shift = i64::from(lsb) - i64::from(exp);
    let mut q = if shift <= 0 {
        // Fewer bits than the format holds: exact, widen (at most `man` places).
        sig << (-shift) as u32
    } else {
        round_shr(sig, shift.min(200) as u32)
    };
    let mut lsb = lsb;
    if q >> (man + 1) != 0 {
        // Rounding carried into a new leading bit: one place up.
        q >>= 1;
        lsb += 1;
    }
    encode(f, sign, lsb, q as u64)
}

/// `sig >> s` rounded to nearest, ties to even (`s >= 1`).
fn round_shr(sig: u128, s: u32) -> u128 {
    let q = if s >= 128 { 0 } else { sig >> s };
    let round_bit = s <= 128 && (sig >> (s - 1)) & 1 != 0;
    let sticky = s >= 2 && sig & low_mask(s - 1) != 0;
    if round_bit && (sticky || q & 1 != 0) {
        q + 1
    } else {
        q
    }
}

/// The low `n` bits set (all bits for `n >= 128`).
fn low_mask(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The bit pattern of `q * 2^lsb` where `q < 2^(man+1)` and `lsb` is the place `round`
/// chose: a significand with its leading 1 is normal (infinity if the exponent is too large),
/// a smaller one is subnormal (its `lsb` is the smallest place).
fn encode(f: FloatFormat, sign: bool, lsb: i32, q: u64) -> u64 {
    if q >> f.man == 0 {
        return f.pack(sign, 0, q);
    }
    let biased = i64::from(lsb) + i64::from(f.man) + i64::from(f.bias());
    if biased >= f.exp_max() as i64 {
        return f.inf(sign);
    }
    f.pack(sign, biased as u64, q)
}
