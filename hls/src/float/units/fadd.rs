//! The adder: `a + b` and `a - b` (the subtraction flips `b`'s sign first).
//!
//! Steps, arranged so that slow steps run side by side: the exponent differences both ways
//! (`ea - eb` and `eb - ea`) give the operand with the larger exponent, `big` (`a` on a
//! tie), and the alignment distance; `small`'s significand, extended by guard, round and
//! sticky positions, is shifted right by it, the sticky bit coming from the trailing-zero
//! counts of both significands, made beside the exponent subtraction. Add, or subtract both ways (`big - small` is negative only on
//! an exponent tie, where nothing was shifted out, and then `small - big` is the exact
//! magnitude and the sign flips). Normalize by one left shift that puts the leading 1 at the
//! top bit, limited so the exponent stays at least 1 (a 1 planted at that position before
//! the leading-zero count; what stops there is a subnormal; a carry out needs no right
//! shift, its extra low bit joins the sticky). Round to nearest even; the exceptions (NaN,
//! infinities, overflow) are decided beside it and picked by one last multiplexer. An exact
//! zero is `-0` only for `-0 + -0`.

use super::common::{limited_lzc, round_pack, unpack, Rounding, Special};
use super::UnitBuilder;
use crate::float::FloatFormat;
use comb::{IcmpPred, NetId};

/// Adds the combinational adder for `x + y` (or `x - y` with `subtract`) in format `f`;
/// returns the result's net.
pub fn build_fadd(b: &mut UnitBuilder, f: FloatFormat, x: NetId, y: NetId, subtract: bool) -> NetId {
    let ux = unpack(b, f, x);
    let mut uy = unpack(b, f, y);
    if subtract {
        uy.sign = b.not(uy.sign);
    }
    let p = f.precision();
    // Order by exponent: both differences at once, one exponent bit wider.
    let ex = b.zext(ux.exp_eff, f.exp + 1);
    let ey = b.zext(uy.exp_eff, f.exp + 1);
    let dxy = b.sub(ex, ey);
    let dyx = b.sub(ey, ex);
    let swap = b.msb(dxy);
    let d = b.mux(swap, dyx, dxy);
    let sign_big = b.mux(swap, uy.sign, ux.sign);
    let e_big = b.mux(swap, uy.exp_eff, ux.exp_eff);
    let m_big = b.mux(swap, uy.sig, ux.sig);
    let m_small = b.mux(swap, ux.sig, uy.sig);
    // Significands in `w = p + 4` bits: a carry bit, `p` bits, guard, round, sticky.
    let w = p + 4;
    let big_ext = {
        let v = b.append_zeros(m_big, 3);
        b.zext(v, w)
    };
    let small_ext = b.append_zeros(m_small, 3);
    let aligned = b.shr(small_ext, d);
    // Sticky: a 1 is shifted out when small has fewer than d - 3 trailing zeros (counted on
    // both operands beside the exponent subtraction) and is not 0.
    let lost = {
        let (tx, ty) = (b.tzc(ux.sig), b.tzc(uy.sig));
        let tz = b.mux(swap, tx, ty);
        let cw = b.width(tz).max(f.exp + 1) + 1;
        let tz = b.zext(tz, cw);
        let tz3 = b.add_const(tz, 3);
        let dw = b.zext(d, cw);
        let fewer = b.icmp(IcmpPred::Ult, tz3, dw);
        let (zx, zy) = (b.is_zero(ux.sig), b.is_zero(uy.sig));
        let z = b.mux(swap, zx, zy);
        let nz = b.not(z);
        b.and(&[fewer, nz])
    };
    let hi = b.extract(aligned, 1, p + 2);
    let low = b.bit(aligned, 0);
    let jam = b.or(&[low, lost]);
    let small_al = b.concat(&[hi, jam]);
    let small_al = b.zext(small_al, w);
    let eff_sub = b.xor(&[ux.sign, uy.sign]);
    let sum = b.add(big_ext, small_al);
    let dif = b.sub(big_ext, small_al);
    let fid = b.sub(small_al, big_ext);
    let neg = b.msb(dif);
    let dif = b.mux(neg, fid, dif);
    let r = b.mux(eff_sub, dif, sum);
    let flip = b.and(&[eff_sub, neg]);
    // Normalize: shift left by min(lzc, e_big) so the leading 1 reaches bit w - 1.
    let lz = limited_lzc(b, r, e_big);
    let norm = b.shl(r, lz);
    // Exponent of the top bit: e_big + 1 - lz (at least 1, at most exp_max).
    let ew = f.exp + 1;
    let e_top = {
        let e = b.zext(e_big, ew);
        let e1 = b.add_const(e, 1);
        let lzw = b.zext(lz, ew);
        b.sub(e1, lzw)
    };
    let top = b.bit(norm, w - 1);
    let e_field = {
        let e = b.extract(e_top, 0, f.exp);
        let z = b.zero(f.exp);
        b.mux(top, e, z)
    };
    let overflow = {
        let m = b.konst(f.exp_max(), ew);
        b.icmp(IcmpPred::Uge, e_top, m)
    };
    let sig = b.extract(norm, w - p, p);
    let guard = b.bit(norm, w - p - 1);
    let rest = b.extract(norm, 0, w - p - 1);
    let sticky = b.any(rest);
    let r_zero = b.is_zero(r);
    // An exact zero is -0 only when both operands are negative.
    let both_neg = b.and(&[ux.sign, uy.sign]);
    let sign = b.xor(&[sign_big, flip]);
    let sign = b.mux(r_zero, both_neg, sign);
    // Exceptions: NaN in, or inf - inf; else an infinite operand.
    let both_inf = b.and(&[ux.inf, uy.inf, eff_sub]);
    let nan = b.or(&[ux.nan, uy.nan, both_inf]);
    let inf_sign = b.mux(ux.inf, ux.sign, uy.sign);
    let inf = b.or(&[ux.inf, uy.inf]);
    let special = Special { nan, inf, inf_sign };
    round_pack(b, f, &Rounding { sign, exp: e_field, sig, guard, sticky, overflow }, &special)
}
