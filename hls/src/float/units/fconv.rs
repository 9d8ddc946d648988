//! Conversions: integers to floats (`arith.sitofp`, `uitofp`; any width 1..=64, rounded to
//! nearest even), floats to integers (`arith.fptosi`, `fptoui`; truncated toward zero, out
//! of range saturating to the integer range and NaN giving 0, as Rust's `as` does), and
//! between two formats (`arith.extf`, `truncf`; any pair, rounded to nearest even with
//! subnormals both ways). All combinational.
//!
//! Integer to float: the magnitude is normalized by a leading-zero shifter and rounded by
//! [`round_any`]. Float to integer: `1.m * 2^E` is the significand shifted left by `E`
//! and right by the fraction width, then negated for a negative value. Float to float: the
//! normalized significand and rebiased exponent go through [`round_any`] (exact when the
//! target is wider), with NaN, infinity and zero passed by class.

use super::common::unpack;
use super::ds_float::{exp_width, normalized, rebias, round_any, signed_const};
use super::ds_net::DsExt;
use super::UnitBuilder;
use crate::float::FloatFormat;
use comb::{IcmpPred, NetId};

/// Bits to count up to `n`.
fn bits_for(n: u32) -> u32 {
    32 - n.leading_zeros()
}

/// The float of format `t` nearest to the integer `x` (its net's width, 1..=64 bits),
/// read as two's complement when `signed`.
pub fn build_itofp(g: &mut UnitBuilder, t: FloatFormat, x: NetId, signed: bool) -> NetId {
    let w = g.width(x);
    let sign = if signed { g.msb(x) } else { g.konst(0, 1) };
    // |x| as w unsigned bits: (x ^ s) + s; MIN's magnitude 2^(w-1) fits.
    let mag = if signed {
        let flip = g.replicate(sign, w);
        let fx = g.xor(&[x, flip]);
        let s = g.zext(sign, w);
        g.add(fx, s)
    } else {
        x
    };
    let ew = t.exp.max(bits_for(w)).max(bits_for(u32::try_from(t.bias()).unwrap_or(0))) + 3;
    let (v, lz) = g.normalize(mag, ew);
    let top = g.konst((i64::from(w) - 1 + i64::from(t.bias())) as u64, ew);
    let exp = g.sub(top, lz);
    let n = w.max(t.precision() + 1);
    let sig = g.append_zeros(v, n - w);
    let no = g.konst(0, 1);
    let r = round_any(g, t, sign, exp, sig, no);
    let is_zero = g.is_zero(mag);
    let z = g.konst(0, t.width());
    g.mux(is_zero, z, r)
}

/// The integer of `w` bits (1..=64) that `a` (format `f`) truncates to, as two's
/// complement when `signed`; saturating beyond the range, NaN giving 0.
pub fn build_fptoi(g: &mut UnitBuilder, f: FloatFormat, a: NetId, w: u32, signed: bool) -> NetId {
    let p = unpack(g, f, a);
    let ew = f.exp.max(bits_for(w)) + 2;
    let e = g.zext(p.exp, ew);
    let bias = g.konst(u64::from(f.bias().unsigned_abs()), ew);
    let big_e = g.sub(e, bias);
    let z = g.konst(0, ew);
    let small = g.icmp(IcmpPred::Slt, big_e, z);
    let limit = g.konst(u64::from(if signed { w - 1 } else { w }), ew);
    let beyond = g.icmp(IcmpPred::Sge, big_e, limit);
    let over = g.or(&[beyond, p.inf]);
    // In range: |a| = (1.m << E) >> man, below 2^w.
    let sw = f.precision() + w;
    let one = g.konst(1, 1);
    let sig = g.concat(&[one, p.frac]);
    let sig = g.zext(sig, sw);
    let amount = g.extract(big_e, 0, ew - 1);
    let t = g.shl(sig, amount);
    let mag = g.extract(t, f.man, w);
    let zero = g.konst(0, w);
    let (val, sat) = if signed {
        let flip = g.replicate(p.sign, w);
        let fx = g.xor(&[mag, flip]);
        let s = g.zext(p.sign, w);
        let v = g.add(fx, s);
        // MIN = 1 << (w - 1), MAX = MIN - 1: the sign decides the top bit, the rest its not.
        let sat = if w == 1 {
            p.sign
        } else {
            let ns = g.not(p.sign);
            let rest = g.replicate(ns, w - 1);
            g.concat(&[p.sign, rest])
        };
        (v, sat)
    } else {
        let ones = g.ones(w);
        let sat = g.mux(p.sign, zero, ones);
        let v = g.mux(p.sign, zero, mag);
        (v, sat)
    };
    let r = g.mux(over, sat, val);
    let gone = g.or(&[p.nan, small]);
    g.mux(gone, zero, r)
}

/// `a` (format `f`) rounded to format `t` (any two formats; exact when `t` holds every
/// value of `f`). A NaN becomes `t`'s default NaN.
pub fn build_fconvert(g: &mut UnitBuilder, f: FloatFormat, t: FloatFormat, a: NetId) -> NetId {
    let p = unpack(g, f, a);
    let ew = exp_width(f, t);
    let (sig, e) = normalized(g, f, &p, ew);
    let e = rebias(g, e, f, t);
    let n = f.precision().max(t.precision() + 1);
    let sig = g.append_zeros(sig, n - f.precision());
    let no = g.konst(0, 1);
    let r = round_any(g, t, p.sign, e, sig, no);
    let zero = signed_const(g, t, p.sign, 0);
    let inf = signed_const(g, t, p.sign, t.inf(false));
    let nan = g.konst(t.default_nan(), t.width());
    let r = g.mux(p.zero, zero, r);
    let r = g.mux(p.inf, inf, r);
    g.mux(p.nan, nan, r)
}
