//! The float pieces the division, square-root and conversion units share beyond
//! `common.rs`: an operand's normalized significand and exponent (subnormals shifted up by
//! a leading-zero count), and [`round_any`], which rounds an exact result whose exponent
//! may lie anywhere (below the subnormals, above the overflow) into any format.
//!
//! Exponents inside a unit are two's complement nets of [`exp_width`] bits holding the
//! *biased* exponent of the result format (so 0 and below mean a subnormal result).

use super::common::{self, Rounding, Special, Unpacked};
use super::ds_net::DsExt;
use super::UnitBuilder;
use crate::float::FloatFormat;
use comb::{IcmpPred, NetId};

/// Bits for an exponent inside a unit converting between `f` and `t` (or working in one
/// format, `f == t`): room for the extremes of both formats' biased exponents, their
/// subnormals' normalized exponents and a difference of two such, with a sign.
pub fn exp_width(f: FloatFormat, t: FloatFormat) -> u32 {
    let man_bits = 32 - f.man.max(t.man).leading_zeros();
    f.exp.max(t.exp).max(man_bits) + 3
}

/// The significand of `p` with its leading 1 on top (`precision` bits; 0 for a zero) and
/// the biased exponent of that leading 1 (subnormals below 1), at `ew` bits.
pub fn normalized(g: &mut UnitBuilder, f: FloatFormat, p: &Unpacked, ew: u32) -> (NetId, NetId) {
    let cw = 32 - f.precision().leading_zeros();
    let (sig, lz) = g.normalize(p.sig, cw);
    let e = g.zext(p.exp_eff, ew);
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
/// `sticky` says whether nonzero bits lie below `sig`. A result below the normal range is
/// shifted right into a subnormal first (the shifted-out bits join the sticky bit), one
/// above it is infinity; then [`common::round_pack`] rounds.
pub fn round_any(
    g: &mut UnitBuilder,
    f: FloatFormat,
    sign: NetId,
    exp: NetId,
    sig: NetId,
    sticky: NetId,
) -> NetId {
    let (ew, n, p) = (g.width(exp), g.width(sig), f.precision());
    debug_assert!(n > p, "round_any needs a round bit below the precision");
    let z = g.zero(ew);
    let sub = g.icmp(IcmpPred::Sle, exp, z);
    // A subnormal result shifts right by 1 - exp and takes the exponent field 0.
    let one = g.konst(1, ew);
    let amount = g.sub(one, exp);
    let sh = g.mux(sub, amount, z);
    let (sig, lost) = g.shr_sticky(sig, sh);
    let field = g.mux(sub, z, exp);
    let field = g.zext(field, f.exp);
    let mant = g.extract(sig, n - p, p);
    let guard = g.bit(sig, n - p - 1);
    let mut rest = vec![sticky, lost];
    if n - p - 1 > 0 {
        let low = g.extract(sig, 0, n - p - 1);
        rest.push(g.any(low));
    }
    let sticky = g.or(&rest);
    let big = g.konst(f.exp_max(), ew);
    let overflow = g.icmp(IcmpPred::Sge, exp, big);
    // The callers pick their exceptional results themselves (zeros too).
    let no = g.bool(false);
    let none = Special { nan: no, inf: no, inf_sign: sign };
    common::round_pack(g, f, &Rounding { sign, exp: field, sig: mant, guard, sticky, overflow }, &none)
}

/// `{sign, bits}` for a constant pattern `bits` of format `f` (its own sign bit ignored).
pub fn signed_const(g: &mut UnitBuilder, f: FloatFormat, sign: NetId, bits: u64) -> NetId {
    let body = g.konst(bits & (f.mask() >> 1), f.width() - 1);
    g.concat(&[sign, body])
}
