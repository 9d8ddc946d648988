//! Steps every unit shares: taking an operand apart ([`Unpacked`]) and rounding a normalized
//! significand into a result ([`round_pack`]).

use super::UnitBuilder;
use crate::float::FloatFormat;
use comb::NetId;

/// One operand's fields and classification, as nets.
#[derive(Clone, Copy, Debug)]
pub struct Unpacked {
    /// Sign (1 bit).
    pub sign: NetId,
    /// Biased exponent field (`exp` bits).
    pub exp: NetId,
    /// Stored fraction (`man` bits).
    pub frac: NetId,
    /// The exponent field is 0 (zero or subnormal).
    pub exp_zero: NetId,
    /// NaN.
    pub nan: NetId,
    /// Infinity.
    pub inf: NetId,
    /// Zero of either sign.
    pub zero: NetId,
    /// The significand with its leading bit (`precision` bits: 0 for subnormals).
    pub sig: NetId,
    /// The exponent the significand is scaled by: the field, or 1 for subnormals (`exp`
    /// bits).
    pub exp_eff: NetId,
}

/// Takes the bit pattern `x` of format `f` apart.
pub fn unpack(b: &mut UnitBuilder, f: FloatFormat, x: NetId) -> Unpacked {
    let sign = b.bit(x, f.exp + f.man);
    let exp = b.extract(x, f.man, f.exp);
    let frac = b.extract(x, 0, f.man);
    let exp_zero = b.is_zero(exp);
    let exp_ones = b.all(exp);
    let frac_zero = b.is_zero(frac);
    let frac_nz = b.not(frac_zero);
    let nan = b.and(&[exp_ones, frac_nz]);
    let inf = b.and(&[exp_ones, frac_zero]);
    let zero = b.and(&[exp_zero, frac_zero]);
    let hidden = b.not(exp_zero);
    let sig = b.concat(&[hidden, frac]);
    let one = b.konst(1, f.exp);
    let exp_eff = b.mux(exp_zero, one, exp);
    Unpacked { sign, exp, frac, exp_zero, nan, inf, zero, sig, exp_eff }
}

/// The result of rounding: a normalized significand `sig` (`precision` bits, its top bit the
/// leading 1, or 0 for a subnormal or zero result) with the biased exponent field `exp`
/// (`exp` bits: 0 for a subnormal or zero; a value of `exp_max` or more must have been
/// turned into `overflow`), the first bit below it `guard` and whether any bit below that
/// is set, `sticky`. Rounds to nearest, ties to even, and packs `sign`; the carry of the
/// rounding moves into the exponent (a subnormal becoming the smallest normal, a
/// significand overflowing to the next binade, the largest finite to infinity). With
/// `overflow`, the result is infinity.
pub struct Rounding {
    /// Result sign.
    pub sign: NetId,
    /// Exponent field before rounding.
    pub exp: NetId,
    /// Normalized significand.
    pub sig: NetId,
    /// The bit below the significand.
    pub guard: NetId,
    /// Any bit below the guard bit.
    pub sticky: NetId,
    /// The exponent is beyond the largest finite one.
    pub overflow: NetId,
}

/// Rounds and packs (see [`Rounding`]).
pub fn round_pack(b: &mut UnitBuilder, f: FloatFormat, r: &Rounding) -> NetId {
    let lsb = b.bit(r.sig, 0);
    let tie_or_more = b.or(&[r.sticky, lsb]);
    let up = b.and(&[r.guard, tie_or_more]);
    let frac = b.extract(r.sig, 0, f.man);
    let mag = b.concat(&[r.exp, frac]);
    let upw = b.zext(up, f.exp + f.man);
    let rounded = b.add(mag, upw);
    let inf = b.konst(f.inf(false), f.exp + f.man);
    let mag = b.mux(r.overflow, inf, rounded);
    b.concat(&[r.sign, mag])
}

/// The format's default NaN as a constant.
pub fn default_nan(b: &mut UnitBuilder, f: FloatFormat) -> NetId {
    b.konst(f.default_nan(), f.width())
}

/// Infinity with the sign `sign` (a net).
pub fn signed_inf(b: &mut UnitBuilder, f: FloatFormat, sign: NetId) -> NetId {
    let mag = b.konst(f.inf(false), f.exp + f.man);
    b.concat(&[sign, mag])
}
