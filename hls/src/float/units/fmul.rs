//! The multiplier: `a * b`.
//!
//! Steps: the full product of the two significands (subnormals enter with a leading 0, so
//! there is no normalization of the operands); the exponent of the product's top bit; one
//! normalization that either shifts the product left to put its leading 1 on top (limited so
//! the exponent stays at least 1) or, when even the top bit's exponent is below 1, right to
//! exponent 1 with the bits shifted out jammed into the sticky (a subnormal or zero result);
//! round to nearest even; then the exceptions (NaN for a NaN operand or `inf * 0`; an
//! infinite operand gives a signed infinity). Zero operands need no case: their product is 0.

use super::builder::count_width;
use super::common::{default_nan, round_pack, signed_inf, unpack, Rounding};
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
    // Biased exponent of the product's top bit (2p - 1): ex + ey - bias + 1, signed.
    let ew = f.exp + 2;
    let ex = b.zext(ux.exp_eff, ew);
    let ey = b.zext(uy.exp_eff, ew);
    let s = b.add(ex, ey);
    let bias_m1 = (f.bias() - 1) as u64;
    let k = b.konst(bias_m1, ew);
    let e_top = b.sub(s, k);
    let r = normalize_round(b, f, prod, e_top, None);
    let finite = round_pack(b, f, &Rounding { sign, ..r });
    let inf_zero = {
        let a = b.and(&[ux.inf, uy.zero]);
        let c = b.and(&[uy.inf, ux.zero]);
        b.or(&[a, c])
    };
    let nan = b.or(&[ux.nan, uy.nan, inf_zero]);
    let any_inf = b.or(&[ux.inf, uy.inf]);
    let inf = signed_inf(b, f, sign);
    let out = b.mux(any_inf, inf, finite);
    let qnan = default_nan(b, f);
    debug_assert!(p >= 2);
    b.mux(nan, qnan, out)
}

/// Normalizes the unsigned value `v` whose top bit has the (signed, two's complement)
/// biased exponent `e_top`, and with `sticky_in` standing for bits already below it, into
/// the fields [`round_pack`] takes (the sign is left as `sticky_in`'s placeholder: callers
/// set it). Shifts left by the leading-zero count, at most to exponent 1; or, when `e_top`
/// is below 1, right to exponent 1 with a sticky bit.
pub fn normalize_round(
    b: &mut UnitBuilder,
    f: FloatFormat,
    v: NetId,
    e_top: NetId,
    sticky_in: Option<NetId>,
) -> Rounding {
    let w = b.width(v);
    let p = f.precision();
    debug_assert!(w > p + 1, "room for the guard bit and one more");
    let ew = b.width(e_top);
    let cw = ew.max(count_width(w) + 1);
    let e = sext(b, e_top, cw);
    let one = b.konst(1, cw);
    // Left shift allowed: e - 1 (negative: right shift by 1 - e).
    let room = b.sub(e, one);
    let neg = b.msb(room);
    let lz = b.lzc(v);
    let lz = b.zext(lz, cw);
    let lz_lt = b.icmp(IcmpPred::Ult, lz, room);
    let lshift = b.mux(lz_lt, lz, room);
    let left = b.shl(v, lshift);
    let rshift = b.sub(one, e);
    let (right, lost) = b.shr_sticky(v, rshift);
    let norm = b.mux(neg, right, left);
    let zero1 = b.bool(false);
    let lost = b.mux(neg, lost, zero1);
    let e_left = b.sub(e, lshift);
    let pos = b.not(neg);
    let top = b.bit(norm, w - 1);
    let e_field = {
        let ef = b.extract(e_left, 0, f.exp);
        let z = b.zero(f.exp);
        let normal = b.and(&[top, pos]);
        b.mux(normal, ef, z)
    };
    let overflow = {
        let m = b.konst(f.exp_max(), cw);
        let ge = b.icmp(IcmpPred::Sge, e_left, m);
        b.and(&[ge, pos])
    };
    let sig = b.extract(norm, w - p, p);
    let guard = b.bit(norm, w - p - 1);
    let rest = b.extract(norm, 0, w - p - 1);
    let rest_any = b.any(rest);
    let mut st = vec![rest_any, lost];
    st.extend(sticky_in);
    let sticky = b.or(&st);
    Rounding { sign: zero1, exp: e_field, sig, guard, sticky, overflow }
}

/// `x` sign-extended (or truncated) to `width` bits.
pub fn sext(b: &mut UnitBuilder, x: NetId, width: u32) -> NetId {
    let w = b.width(x);
    if w >= width {
        return b.extract(x, 0, width);
    }
    let s = b.msb(x);
    let r = b.replicate(s, width - w);
    b.concat(&[r, x])
}
