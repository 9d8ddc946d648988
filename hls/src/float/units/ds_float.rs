//! The float pieces the division, square-root and conversion units share: a value's
//! fields and class ([`Parts`]), its normalized significand and exponent (subnormals
//! shifted up by a leading-zero count), and [`round_pack`], which rounds an exact result
//! to nearest even into any format, subnormal and overflowing results included.
//!
//! Exponents inside a unit are two's complement nets of [`exp_width`] bits holding the
//! *biased* exponent of the result format (so 0 and below mean a subnormal result).

use super::ds_net::DsExt;
use super::UnitBuilder;
use crate::float::FloatFormat;
use comb::{IcmpPred, NetId};

/// A float operand's fields and class flags (each flag one bit).
#[derive(Clone, Copy, Debug)]
pub struct Parts {
    /// The sign bit.
    pub sign: NetId,
    /// The biased exponent field.
    pub exp: NetId,
    /// The stored fraction.
    pub man: NetId,
    /// Exponent field 0 (zero or subnormal).
    pub exp_zero: NetId,
    /// ±0.
    pub zero: NetId,
    /// ±infinity.
    pub inf: NetId,
    /// Any NaN.
    pub nan: NetId,
}

/// The fields and class of `x` in format `f`.
pub fn parts(g: &mut UnitBuilder, f: FloatFormat, x: NetId) -> Parts {
    let sign = g.bit(x, f.exp + f.man);
    let exp = g.extract(x, f.man, f.exp);
    let man = g.extract(x, 0, f.man);
    let exp_zero = g.is_zero(exp);
    let exp_ones = g.eq_const(exp, f.exp_max());
    let man_zero = g.is_zero(man);
    let man_nz = g.not(man_zero);
    let zero = g.and(&[exp_zero, man_zero]);
    let inf = g.and(&[exp_ones, man_zero]);
    let nan = g.and(&[exp_ones, man_nz]);
    Parts { sign, exp, man, exp_zero, zero, inf, nan }
}

/// Bits for an exponent inside a unit converting between `f` and `t` (or working in one
/// format, `f == t`): room for the extremes of both formats' biased exponents, their
/// subnormals' normalized exponents and a difference of two such, with a sign.
pub fn exp_width(f: FloatFormat, t: FloatFormat) -> u32 {
    let man_bits = 32 - f.man.max(t.man).leading_zeros();
    f.exp.max(t.exp).max(man_bits) + 3
}

/// The significand of `p` with its leading 1 on top (`precision` bits; 0 for a zero) and
/// the biased exponent of that leading 1 (subnormals below 1), at `ew` bits.
pub fn normalized(g: &mut UnitBuilder, f: FloatFormat, p: &Parts, ew: u32) -> (NetId, NetId) {
    let hidden = g.not(p.exp_zero);
    let sig = g.concat(&[hidden, p.man]);
    let cw = 32 - f.precision().leading_zeros();
    let (sig, lz) = g.normalize(sig, cw);
    // A subnormal's exponent field reads 0 but means 1.
    let one_bit = g.zext(p.exp_zero, f.exp);
    let e = g.or(&[p.exp, one_bit]);
    let e = g.zext(e, ew);
    let lz = g.zext(lz, ew);
    (sig, g.sub(e, lz))
}

/// Rebiases an `ew`-bit exponent of format `f` to format `t` (adds the bias difference).
pub fn rebias(g: &mut UnitBuilder, e: NetId, f: FloatFormat, t: FloatFormat) -> NetId {
    let d = i64::from(t.bias()) - i64::from(f.bias());
    if d == 0 {
        e
    } else {
        g.add_const(e, d as u64)
    }
}

/// Rounds `±sig * 2^(exp - bias - (n - 1))` to nearest even in format `f` and packs it:
/// `sig` is `n >= precision + 1` bits with its leading 1 on top (the caller handles a zero
/// significand), `exp` the signed biased exponent of that leading 1 (at any width), and
/// `sticky` says whether nonzero bits lie below `sig`. Results below the normal range
/// become subnormals (shifted right, the shifted-out bits joining the sticky bit), results
/// above it infinity; rounding that carries out of the significand bumps the exponent.
pub fn round_pack(
    g: &mut UnitBuilder,
    f: FloatFormat,
    sign: NetId,
    exp: NetId,
    sig: NetId,
    sticky: NetId,
) -> NetId {
    let (ew, n, p) = (g.width(exp), g.width(sig), f.precision());
    debug_assert!(n > p, "round_pack needs a round bit below the precision");
    let z = g.konst(0, ew);
    let sub = g.icmp(IcmpPred::Sle, exp, z);
    // A subnormal result shifts right by 1 - exp and takes the exponent field 0.
    let one = g.konst(1, ew);
    let amount = g.sub(one, exp);
    let sh = g.mux(sub, amount, z);
    let (sig, lost) = g.shr_sticky(sig, sh);
    let e1 = g.add_const(exp, u64::MAX);
    let e1 = g.mux(sub, z, e1);
    let mant = g.extract(sig, n - p, p);
    let rbit = g.bit(sig, n - p - 1);
    let mut rest = vec![sticky, lost];
    if n - p - 1 > 0 {
        let low = g.extract(sig, 0, n - p - 1);
        rest.push(g.any(low));
    }
    let lsb = g.bit(mant, 0);
    rest.push(lsb);
    let any = g.or(&rest);
    let inc = g.and(&[rbit, any]);
    // {e - 1, 0} + {hidden, fraction}: the hidden bit adds the missing 1 to the exponent,
    // and a carry out of the fraction bumps it again.
    let body_w = f.exp + f.man;
    let ef = g.extract(e1, 0, f.exp.min(ew));
    let ef = g.zext(ef, f.exp);
    let ef = g.append_zeros(ef, f.man);
    let m = g.zext(mant, body_w);
    let body = g.add(ef, m);
    let inc = g.zext(inc, body_w);
    let body = g.add(body, inc);
    let big = g.konst(f.exp_max(), ew);
    let over = g.icmp(IcmpPred::Sge, exp, big);
    let inf = g.konst(f.inf(false), body_w);
    let body = g.mux(over, inf, body);
    g.concat(&[sign, body])
}

/// `{sign, bits}` for a constant pattern `bits` of format `f` (its own sign bit ignored).
pub fn signed_const(g: &mut UnitBuilder, f: FloatFormat, sign: NetId, bits: u64) -> NetId {
    let body = g.konst(bits & (f.mask() >> 1), f.width() - 1);
    g.concat(&[sign, body])
}
