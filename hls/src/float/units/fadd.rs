//! The adder: `a + b` and `a - b` (the subtraction flips `b`'s sign first).
//!
//! Steps: order the operands by magnitude (`big`, `small`: one comparison of exponent and
//! fraction together); align `small`'s significand, extended by guard, round and sticky
//! positions, right by the exponent difference, jamming the bits shifted out into the
//! sticky position; add or subtract (`big - small` is never negative); normalize by one
//! left shift that puts the leading 1 at the top bit, limited so the exponent stays at
//! least 1 (what stops there is a subnormal: a carry out needs no right shift, the extra
//! low bit joins the sticky); round to nearest even; then the exceptions (NaN, infinities,
//! the sign of an exact zero: `-0` only for `-0 + -0`).

use super::builder::count_width;
use super::common::{default_nan, round_pack, signed_inf, unpack, Rounding};
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
    // Order by magnitude.
    let magx = b.extract(x, 0, f.exp + f.man);
    let magy = b.extract(y, 0, f.exp + f.man);
    let swap = b.icmp(IcmpPred::Ult, magx, magy);
    let sign_big = b.mux(swap, uy.sign, ux.sign);
    let e_big = b.mux(swap, uy.exp_eff, ux.exp_eff);
    let e_small = b.mux(swap, ux.exp_eff, uy.exp_eff);
    let m_big = b.mux(swap, uy.sig, ux.sig);
    let m_small = b.mux(swap, ux.sig, uy.sig);
    let diff = b.sub(e_big, e_small);
    // Significands in `w = p + 4` bits: a carry bit, `p` bits, guard, round, sticky.
    let w = p + 4;
    let big_ext = {
        let v = b.append_zeros(m_big, 3);
        b.zext(v, w)
    };
    let small_ext = b.append_zeros(m_small, 3);
    let (aligned, lost) = b.shr_sticky(small_ext, diff);
    let hi = b.extract(aligned, 1, p + 2);
    let low = b.bit(aligned, 0);
    let jam = b.or(&[low, lost]);
    let small_al = b.concat(&[hi, jam]);
    let small_al = b.zext(small_al, w);
    let eff_sub = b.xor(&[ux.sign, uy.sign]);
    let sum = b.add(big_ext, small_al);
    let dif = b.sub(big_ext, small_al);
    let r = b.mux(eff_sub, dif, sum);
    // Normalize: shift left by min(lzc, e_big) so the leading 1 reaches bit w - 1.
    let lz = b.lzc(r);
    let cw = count_width(w).max(f.exp) + 1;
    let lz_w = b.zext(lz, cw);
    let eb_w = b.zext(e_big, cw);
    let (shift, _) = umin(b, lz_w, eb_w);
    let norm = b.shl(r, shift);
    // Exponent of the top bit: e_big + 1 - shift (at least 1, at most exp_max).
    let e_top = {
        let e1 = b.add_const(eb_w, 1);
        b.sub(e1, shift)
    };
    let top = b.bit(norm, w - 1);
    let e_field = {
        let e = b.extract(e_top, 0, f.exp);
        let z = b.zero(f.exp);
        b.mux(top, e, z)
    };
    let overflow = {
        let m = b.konst(f.exp_max(), cw);
        b.icmp(IcmpPred::Uge, e_top, m)
    };
    let sig = b.extract(norm, w - p, p);
    let guard = b.bit(norm, w - p - 1);
    let rest = b.extract(norm, 0, w - p - 1);
    let sticky = b.any(rest);
    let r_zero = b.is_zero(r);
    // An exact zero is -0 only when both operands are negative.
    let both_neg = b.and(&[ux.sign, uy.sign]);
    let sign = b.mux(r_zero, both_neg, sign_big);
    let finite = round_pack(b, f, &Rounding { sign, exp: e_field, sig, guard, sticky, overflow });
    // Exceptions: NaN in, or inf - inf; else an infinite operand.
    let both_inf = b.and(&[ux.inf, uy.inf, eff_sub]);
    let nan = b.or(&[ux.nan, uy.nan, both_inf]);
    let inf_sign = b.mux(ux.inf, ux.sign, uy.sign);
    let any_inf = b.or(&[ux.inf, uy.inf]);
    let inf = signed_inf(b, f, inf_sign);
    let out = b.mux(any_inf, inf, finite);
    let qnan = default_nan(b, f);
    b.mux(nan, qnan, out)
}

/// `(min(x, y), y < x)` of unsigned values.
fn umin(b: &mut UnitBuilder, x: NetId, y: NetId) -> (NetId, NetId) {
    let lt = b.icmp(IcmpPred::Ult, y, x);
    (b.mux(lt, y, x), lt)
}
