//! The multiplier: `a * b`.
//!
//! Steps, arranged so that the slow steps run beside the multiplier: the full product of
//! the two significands (subnormals enter with leading zeros); beside it, the leading-zero
//! counts `la`, `lb` of the significands (the product has `la + lb` or one more), their
//! trailing-zero counts (the product has exactly their sum), and the exponent of the
//! product's top bit. Then one normalization: either the product shifts left by
//! `min(la + lb, room)` (`room` keeps the exponent at least 1) and one more place when its
//! top bit is still 0 and room is left, or, when even the top bit's exponent is below 1, it
//! shifts right to exponent 1 (a subnormal or zero result). The sticky bit is a comparison
//! of the product's trailing-zero count with the number of bits below the guard position,
//! made beside the shifter. Round to nearest even; the exceptions (NaN for a NaN operand or
//! `inf * 0`, infinities, overflow) are picked after it. Zero operands need no case: their
//! product is 0.

use super::builder::count_width;
use super::common::{round_pack, unpack, Rounding, Special};
use super::UnitBuilder;
use crate::float::FloatFormat;
use comb::{IcmpPred, NetId};

/// Adds the combinational multiplier for `x * y` in format `f`; returns the result's net.
pub fn build_fmul(b: &mut UnitBuilder, f: FloatFormat, x: NetId, y: NetId) -> NetId {
    let ux = unpack(b, f, x);
    let uy = unpack(b, f, y);
    let sign = b.xor(&[ux.sign, uy.sign]);
    let p = f.precision();
    let prod = b.mul_full(ux.sig, uy.sig);
    let cw = (f.exp + 2).max(count_width(2 * p) + 1) + 1;
    // Beside the multiplier: counts and exponents.
    let lz = {
        let (la, lb) = (b.lzc(ux.sig), b.lzc(uy.sig));
        let (la, lb) = (b.zext(la, cw), b.zext(lb, cw));
        b.add(la, lb)
    };
    let tz = {
        let (ta, tb) = (b.tzc(ux.frac), b.tzc(uy.frac));
        let (ta, tb) = (b.zext(ta, cw), b.zext(tb, cw));
        b.add(ta, tb)
    };
    // Biased exponent of the product's top bit (2p - 1): ex + ey - bias + 1.
    let e_top = {
        let ex = b.zext(ux.exp_eff, cw);
        let ey = b.zext(uy.exp_eff, cw);
        let s = b.add(ex, ey);
        let k = b.konst((f.bias() - 1) as u64, cw);
        b.sub(s, k)
    };
    let nonzero = {
        let z = b.or(&[ux.zero, uy.zero]);
        b.not(z)
    };
    let r = normalize_product(b, f, prod, e_top, lz, tz, nonzero);
    let inf_zero = {
        let a = b.and(&[ux.inf, uy.zero]);
        let c = b.and(&[uy.inf, ux.zero]);
        b.or(&[a, c])
    };
    let nan = b.or(&[ux.nan, uy.nan, inf_zero]);
    let inf = b.or(&[ux.inf, uy.inf]);
    round_pack(b, f, &Rounding { sign, ..r }, &Special { nan, inf, inf_sign: sign })
}

/// Normalizes the `2p`-bit product `v` whose top bit has the biased exponent `e_top`, with
/// `lz` (a lower bound of its leading zeros, exact or one short) and `tz` (its trailing
/// zeros when `nonzero`), all signed in one width, into [`Rounding`]'s fields (the sign
/// left 0 for the caller).
fn normalize_product(
    b: &mut UnitBuilder,
    f: FloatFormat,
    v: NetId,
    e_top: NetId,
    lz: NetId,
    tz: NetId,
    nonzero: NetId,
) -> Rounding {
    let w = b.width(v);
    let p = f.precision();
    let cw = b.width(e_top);
    let one = b.konst(1, cw);
    let room = b.sub(e_top, one);
    let neg = b.msb(room);
    let pos = b.not(neg);
    // Left: by min(lz, room), then maybe one more.
    let lz_lt = b.icmp(IcmpPred::Slt, lz, room);
    let s1 = b.mux(lz_lt, lz, room);
    let s1n = b.extract(s1, 0, count_width(w));
    let left = b.shl(v, s1n);
    let e1 = b.sub(e_top, s1);
    let top = b.msb(left);
    let no_top = b.not(top);
    let fix = b.and(&[no_top, lz_lt]);
    let left_fixed = {
        let lo = b.extract(left, 0, w - 1);
        let sh = b.append_zeros(lo, 1);
        b.mux(fix, sh, left)
    };
    // Right: by 1 - e_top, to exponent 1.
    let rshift = b.sub(one, e_top);
    let right = b.shr(v, rshift);
    let norm = b.mux(neg, right, left_fixed);
    // Sticky: a 1 below the guard bit, i.e. tz < (p - 1 - shift) left, tz < (p - 1 + r) right.
    let sticky = {
        let pm1 = b.konst(u64::from(p - 1), cw);
        let k0 = b.sub(pm1, s1);
        let k1 = b.sub(k0, one);
        let kr = b.add(pm1, rshift);
        let c0 = b.icmp(IcmpPred::Slt, tz, k0);
        let c1 = b.icmp(IcmpPred::Slt, tz, k1);
        let cr = b.icmp(IcmpPred::Slt, tz, kr);
        let cl = b.mux(fix, c1, c0);
        let c = b.mux(neg, cr, cl);
        b.and(&[c, nonzero])
    };
    // Exponent field: e1 (one less after the fix) for a normal result, else 0.
    let e1m = b.sub(e1, one);
    let e_final = b.mux(fix, e1m, e1);
    let normal = {
        let t = b.msb(norm);
        b.and(&[t, pos])
    };
    let e_field = {
        let ef = b.extract(e_final, 0, f.exp);
        let z = b.zero(f.exp);
        b.mux(normal, ef, z)
    };
    let overflow = {
        let m = b.konst(f.exp_max(), cw);
        let o0 = b.icmp(IcmpPred::Sge, e1, m);
        let o1 = b.icmp(IcmpPred::Sge, e1m, m);
        let o = b.mux(fix, o1, o0);
        b.and(&[o, pos])
    };
    let sig = b.extract(norm, w - p, p);
    let guard = b.bit(norm, w - p - 1);
    Rounding { sign: b.bool(false), exp: e_field, sig, guard, sticky, overflow }
}
