//! The fused multiply-add: `a * b + c` with one rounding.
//!
//! Steps: normalize the three significands first (a subnormal's leading zeros shifted out,
//! its exponent going below 1), so the exact product of `a` and `b` (`2p` bits) has its
//! leading 1 in one of its top two bits and `c` (placed at the top of `2p` bits) on top, or
//! they are 0. The one whose top bit has the larger exponent (the product on a tie, the
//! nonzero one if either is 0; decided from exponents alone, beside the multiplier) is
//! `big`; the other is aligned right by the exponent difference `d` with guard, round and
//! sticky positions, the bits shifted out jammed into the sticky, as in the adder (bits are
//! lost only for `d > 3`, when the result keeps its leading 1 within the top four bits, so
//! the jammed bit stays far below the rounding position). Add or
//! subtract (both ways: only on an exponent tie can `big - small` be negative, no bit was
//! lost then, and `small - big` is the exact magnitude). Normalize and round as the multiplier does (left to the
//! leading 1 or right to exponent 1, to nearest even). Exceptions: a NaN operand, `inf * 0`
//! or `inf - inf` give NaN; an infinite product or `c` gives that infinity; an exact zero
//! is `-0` only when the product and `c` are both negative.

use super::builder::count_width;
use super::common::{normalize_round, round_pack, sext, unpack, Rounding, Special, Unpacked};
use super::UnitBuilder;
use crate::float::FloatFormat;
use comb::{IcmpPred, NetId};

/// The significand with its leading 1 shifted to the top (0 stays 0) and the exponent of
/// that bit, signed in `ew` bits.
fn normalized(b: &mut UnitBuilder, u: &Unpacked, ew: u32) -> (NetId, NetId) {
    let lz = b.lzc(u.sig);
    let sig = b.shl(u.sig, lz);
    let e = b.zext(u.exp_eff, ew);
    let lz = b.zext(lz, ew);
    (sig, b.sub(e, lz))
}

/// Adds the combinational fused multiply-add for `x * y + z` in format `f`; returns the
/// result's net.
pub fn build_fma(b: &mut UnitBuilder, f: FloatFormat, x: NetId, y: NetId, z: NetId) -> NetId {
    let (ux, uy, uz) = (unpack(b, f, x), unpack(b, f, y), unpack(b, f, z));
    let p = f.precision();
    let ew = f.exp.max(count_width(2 * p)) + 3;
    let (sx, ex) = normalized(b, &ux, ew);
    let (sy, ey) = normalized(b, &uy, ew);
    let (sz, ez) = normalized(b, &uz, ew);
    // The product (its leading 1 in one of its top two bits, or 0); the exponent of its top
    // bit, ex + ey - bias + 1, made beside the multiplier.
    let prod = b.mul_full(sx, sy);
    let e_sum = b.add(ex, ey);
    let bias_m1 = b.konst((f.bias() - 1) as u64, ew);
    let e_prod = b.sub(e_sum, bias_m1);
    let one = b.konst(1, ew);
    let p_sign = b.xor(&[ux.sign, uy.sign]);
    let p_zero = b.or(&[ux.zero, uy.zero]);
    let addend = b.append_zeros(sz, p);
    // big/small by the top bits' exponents.
    let z_above = b.icmp(IcmpPred::Sgt, ez, e_prod);
    let z_nonzero = b.not(uz.zero);
    let z_above = b.and(&[z_above, z_nonzero]);
    let swap = b.or(&[p_zero, z_above]);
    let m_big = b.mux(swap, addend, prod);
    let m_small = b.mux(swap, prod, addend);
    let e_big = b.mux(swap, ez, e_prod);
    let e_small = b.mux(swap, e_prod, ez);
    let s_big = b.mux(swap, uz.sign, p_sign);
    let d = b.sub(e_big, e_small);
    // `w = 2p + 4` bits: a carry bit, 2p bits, guard, round, sticky.
    let w = 2 * p + 4;
    let big_ext = {
        let v = b.append_zeros(m_big, 3);
        b.zext(v, w)
    };
    let small_ext = b.append_zeros(m_small, 3);
    let (aligned, lost) = b.shr_sticky(small_ext, d);
    let hi = b.extract(aligned, 1, 2 * p + 2);
    let lsb = b.bit(aligned, 0);
    let jam = b.or(&[lsb, lost]);
    let small_al = b.concat(&[hi, jam]);
    let small_al = b.zext(small_al, w);
    let eff_sub = b.xor(&[p_sign, uz.sign]);
    let sum = b.add(big_ext, small_al);
    // Both differences at once: `big - small` is negative only on an exponent tie.
    let dif = b.sub(big_ext, small_al);
    let fid = b.sub(small_al, big_ext);
    let neg = b.msb(dif);
    let mag = b.mux(neg, fid, dif);
    let r = b.mux(eff_sub, mag, sum);
    let neg = b.and(&[neg, eff_sub]);
    let sign = b.xor(&[s_big, neg]);
    let r_zero = b.is_zero(r);
    let both_neg = b.and(&[p_sign, uz.sign]);
    let sign = b.mux(r_zero, both_neg, sign);
    // The top bit of `r` (w - 1) is one above big's leading bit.
    let e_top = b.add(e_big, one);
    let e_top = sext(b, e_top, ew);
    let rnd = normalize_round(b, f, r, e_top, None);
    let special = exceptions(b, [&ux, &uy, &uz], p_sign);
    round_pack(b, f, &Rounding { sign, ..rnd }, &special)
}

/// The NaN and infinity cases.
fn exceptions(b: &mut UnitBuilder, [ux, uy, uz]: [&Unpacked; 3], p_sign: NetId) -> Special {
    let inf_zero = {
        let a = b.and(&[ux.inf, uy.zero]);
        let c = b.and(&[uy.inf, ux.zero]);
        b.or(&[a, c])
    };
    let p_inf = b.or(&[ux.inf, uy.inf]);
    let opposite = b.xor(&[p_sign, uz.sign]);
    let inf_minus_inf = b.and(&[p_inf, uz.inf, opposite]);
    let nan = b.or(&[ux.nan, uy.nan, uz.nan, inf_zero, inf_minus_inf]);
    let inf_sign = b.mux(p_inf, p_sign, uz.sign);
    let inf = b.or(&[p_inf, uz.inf]);
    Special { nan, inf, inf_sign }
}
