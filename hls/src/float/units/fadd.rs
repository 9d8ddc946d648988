//! The adder: `a + b` and `a - b` (the subtraction flips `b`'s sign first), as two paths
//! side by side, so that no result waits for both a long alignment shift and a long
//! normalization shift.
//!
//! Both paths start from the operand with the larger exponent, `big` (`a` on a tie), found
//! from the exponent differences both ways, and the alignment distance `d`. Significands are
//! extended to `w = p + 4` bits (a carry bit on top; guard, round and sticky positions
//! below).
//! - The **far** path serves additions and subtractions with `d >= 2` (and `d = 1` without
//!   cancellation): `small` is shifted right by `d` (the sticky bit from trailing-zero
//!   counts beside the shifter, jammed into the lowest position), added or subtracted in one
//!   adder; the result's leading 1 is then at most two places from the top (a carry, none,
//!   or one bit of cancellation), so normalization is a two-level multiplexer (limited so
//!   the exponent stays at least 1: a subnormal), then rounding to nearest even.
//! - The **near** path serves subtractions with `d = 0`, and with `d = 1` when at least one
//!   leading bit cancels: `small` moves by at most one place, the difference is taken both ways (only with
//!   `d = 0` can `big - small` be negative, and the sign flips), and a leading-zero count
//!   (with a 1 planted where the exponent would reach 1) drives one left shift. Such a
//!   result has at most `p` significant bits: it is exact, no rounding.
//!
//! The exceptions (NaN, infinities, overflow) are decided beside the paths and picked by
//! one last multiplexer. An exact zero is `-0` only for `-0 + -0`.

use super::common::{lzc_mark, lzc_marked, round, unpack, with_special, Rounding, Special, Unpacked};
use super::UnitBuilder;
use crate::float::FloatFormat;
use comb::{IcmpPred, NetId};

/// What both paths start from.
struct Ordered {
    /// The operands, `y`'s sign flipped for a subtraction.
    ux: Unpacked,
    uy: Unpacked,
    /// `big` is `y`.
    swap: NetId,
    /// The exponent difference (`exp + 1` bits).
    d: NetId,
    sign_big: NetId,
    e_big: NetId,
    /// `big`'s and `small`'s significands extended to `w` bits (`small` without the carry bit).
    big_ext: NetId,
    small_ext: NetId,
    eff_sub: NetId,
    /// The exact result is zero because both operands are.
    zeros: NetId,
    both_neg: NetId,
}

/// Adds the combinational adder for `x + y` (or `x - y` with `subtract`) in format `f`;
/// returns the result's net.
pub fn build_fadd(b: &mut UnitBuilder, f: FloatFormat, x: NetId, y: NetId, subtract: bool) -> NetId {
    let o = order(b, f, x, y, subtract);
    let mut far = far_path(b, f, &o);
    let (near, use_near) = near_path(b, f, &o);
    let far_value = round(b, f, &far);
    // Only the far path can overflow (its flag is garbage when the near path applies).
    let far_used = b.not(use_near);
    far.overflow = b.and(&[far.overflow, far_used]);
    let (ux, uy) = (&o.ux, &o.uy);
    let both_inf = b.and(&[ux.inf, uy.inf, o.eff_sub]);
    let nan = b.or(&[ux.nan, uy.nan, both_inf]);
    let inf_sign = b.mux(ux.inf, ux.sign, uy.sign);
    let inf = b.or(&[ux.inf, uy.inf]);
    // The near result and the exceptions are ready before the far path's rounding: one
    // multiplexer after it.
    let special = Special { nan, inf, inf_sign };
    let early = with_special(b, f, near, (far.sign, far.overflow), &special);
    let exceptional = b.or(&[nan, inf, far.overflow]);
    let take_early = b.or(&[use_near, exceptional]);
    b.mux(take_early, early, far_value)
}

/// Unpacks and orders the operands by exponent.
fn order(b: &mut UnitBuilder, f: FloatFormat, x: NetId, y: NetId, subtract: bool) -> Ordered {
    let ux = unpack(b, f, x);
    let mut uy = unpack(b, f, y);
    if subtract {
        uy.sign = b.not(uy.sign);
    }
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
    let w = f.precision() + 4;
    let big_ext = {
        let v = b.append_zeros(m_big, 3);
        b.zext(v, w)
    };
    let small_ext = b.append_zeros(m_small, 3);
    let eff_sub = b.xor(&[ux.sign, uy.sign]);
    let zeros = b.and(&[ux.zero, uy.zero]);
    let both_neg = b.and(&[ux.sign, uy.sign]);
    Ordered { ux, uy, swap, d, sign_big, e_big, big_ext, small_ext, eff_sub, zeros, both_neg }
}

/// The far path up to rounding (see the module doc).
fn far_path(b: &mut UnitBuilder, f: FloatFormat, o: &Ordered) -> Rounding {
    let p = f.precision();
    let w = p + 4;
    let aligned = b.shr(o.small_ext, o.d);
    // Sticky: a 1 is shifted out when small has fewer than d - 3 trailing zeros (counted on
    // both operands beside the exponent subtraction) and is not 0.
    let lost = {
        // The fraction's count is the significand's for any nonzero significand.
        let (tx, ty) = (b.tzc(o.ux.frac), b.tzc(o.uy.frac));
        let tz = b.mux(o.swap, tx, ty);
        let cw = b.width(tz).max(f.exp + 1) + 1;
        let tz = b.zext(tz, cw);
        let dw = b.zext(o.d, cw);
        let three = b.konst(3, cw);
        let dm3 = b.sub(dw, three);
        let below = b.msb(dm3);
        let fewer = b.icmp(IcmpPred::Ult, tz, dm3);
        let z = b.mux(o.swap, o.ux.zero, o.uy.zero);
        let skip = b.or(&[z, below]);
        let nz = b.not(skip);
        b.and(&[fewer, nz])
    };
    let hi = b.extract(aligned, 1, p + 2);
    let low = b.bit(aligned, 0);
    let jam = b.or(&[low, lost]);
    let small_al = b.concat(&[hi, jam]);
    let small_al = b.zext(small_al, w);
    // big + small, or big + ~small + 1.
    let mask = b.replicate(o.eff_sub, w);
    let addend = b.xor(&[small_al, mask]);
    let cin = b.zext(o.eff_sub, w);
    let r = b.cell(comb::CellKind::Add, w, &[o.big_ext, addend, cin]);
    // Normalize by 0, 1 or 2 places: a carry, none, one bit of cancellation; never below
    // exponent 1 (e_big = 1: at most 1 place).
    let t3 = b.bit(r, w - 1);
    let t2 = b.bit(r, w - 2);
    let e_one = b.eq_const(o.e_big, 1);
    let by1 = b.or(&[t2, e_one]);
    let r1 = {
        let v = b.extract(r, 0, w - 1);
        b.append_zeros(v, 1)
    };
    let r2 = {
        let v = b.extract(r, 0, w - 2);
        b.append_zeros(v, 2)
    };
    let n12 = b.mux(by1, r1, r2);
    let norm = b.mux(t3, r, n12);
    // Exponent of the top bit: e_big + 1, e_big or e_big - 1.
    let ew = f.exp + 1;
    let e = b.zext(o.e_big, ew);
    let e_up = b.add_const(e, 1);
    let one = b.konst(1, ew);
    let e_down = b.sub(e, one);
    let e12 = b.mux(by1, e, e_down);
    let e_top = b.mux(t3, e_up, e12);
    let top = b.bit(norm, w - 1);
    let e_field = {
        let ef = b.extract(e_top, 0, f.exp);
        let z = b.zero(f.exp);
        b.mux(top, ef, z)
    };
    let overflow = {
        let at_max = b.eq_const(o.e_big, f.exp_max() - 1);
        b.and(&[t3, at_max])
    };
    let sig = b.extract(norm, w - p, p);
    let guard = b.bit(norm, w - p - 1);
    let rest = b.extract(norm, 0, w - p - 1);
    let sticky = b.any(rest);
    let sign = b.mux(o.zeros, o.both_neg, o.sign_big);
    Rounding { sign, exp: e_field, sig, guard, sticky, overflow }
}

/// The near path's exact result and whether it applies (see the module doc).
fn near_path(b: &mut UnitBuilder, f: FloatFormat, o: &Ordered) -> (NetId, NetId) {
    let p = f.precision();
    let w = p + 4;
    let d0 = b.bit(o.d, 0);
    let small = b.zext(o.small_ext, w);
    let half = {
        let v = b.extract(o.small_ext, 1, p + 2);
        b.zext(v, w)
    };
    let small = b.mux(d0, half, small);
    let dif = b.sub(o.big_ext, small);
    let fid = b.sub(small, o.big_ext);
    let neg = b.msb(dif);
    let r = b.mux(neg, fid, dif);
    // Applies to subtractions with d = 0 (nothing shifted: always exact) and with d = 1
    // when a leading bit cancelled (r < 2^(p + 2)).
    let top2 = b.extract(r, w - 2, 2);
    let cancelled = b.is_zero(top2);
    let dhi = b.extract(o.d, 1, f.exp);
    let close = b.is_zero(dhi);
    let d0n = b.not(d0);
    let exact = b.or(&[d0n, cancelled]);
    let use_near = b.and(&[o.eff_sub, close, exact]);
    // The limit's mark from each operand's exponent, beside the exponent comparison.
    let (mx, my) = (lzc_mark(b, w, o.ux.exp_eff), lzc_mark(b, w, o.uy.exp_eff));
    let mark = b.mux(o.swap, my, mx);
    let lz = lzc_marked(b, r, mark);
    let norm = b.shl(r, lz);
    let ew = f.exp + 1;
    let e_top = {
        let e = b.zext(o.e_big, ew);
        let e1 = b.add_const(e, 1);
        let lzw = b.zext(lz, ew);
        b.sub(e1, lzw)
    };
    let top = b.bit(norm, w - 1);
    let e_field = {
        let ef = b.extract(e_top, 0, f.exp);
        let z = b.zero(f.exp);
        b.mux(top, ef, z)
    };
    let frac = b.extract(norm, w - p, f.man);
    let r_zero = b.is_zero(r);
    let sign = b.xor(&[o.sign_big, neg]);
    let sign = b.mux(r_zero, o.both_neg, sign);
    (b.concat(&[sign, e_field, frac]), use_near)
}
