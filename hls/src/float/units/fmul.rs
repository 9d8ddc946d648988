//! The multiplier: `a * b`.
//!
//! Steps, arranged so that the slow steps run beside the multiplier: the full product of
//! the two significands (subnormals enter with leading zeros); beside it, the leading-zero
//! counts `la`, `lb` of the significands (the product has `la + lb` or one more), their
//! trailing-zero counts (the product has exactly their sum), and the exponent of the
//! product's top bit. Then one normalization: either the product shifts left by
//! `min(la + lb, room)` (`room` keeps the exponent at least 1) and one more place when its
//! top bit is still 0 and room is left, or, when even the top bit's exponent is below 1, it
//! shifts right to exponent 1 (a subnormal or zero result); both are one shifter that
//! takes only the `p + 2` bits kept from the product, its amount ready before the product
//! (on LUT fabrics the product is a compressor tree, `csa.rs`). The sticky bit is a comparison
//! of the product's trailing-zero count with the number of bits below the guard position,
//! made beside the shifter. Round to nearest even; the rounding increment is a carry-select
//! incrementer (the high bits plus 1 ready before the increment is decided). The exceptions
//! (NaN for a NaN operand or `inf * 0`, infinities, overflow) are folded into the
//! incrementer's last multiplexer (no level of their own after it). Zero
//! operands need no case: their product is 0.
//!
//! The shifter's and the exceptions' multiplexers have selects ready well before their data
//! (from the exponents and counts), so they are built from 8-bit multiplexers
//! ([`UnitBuilder::mux_early`]): the delay estimate of one wide multiplexer counts the
//! select's fanout to every bit, which is off the critical path here.

use super::builder::count_width;
use super::common::{round_up, special_value, unpack, Special};
use super::UnitBuilder;
use crate::float::FloatFormat;
use comb::{Bits, CellKind, IcmpPred, NetId};

/// Adds the combinational multiplier for `x * y` in format `f`; returns the result's net.
pub fn build_fmul(b: &mut UnitBuilder, f: FloatFormat, x: NetId, y: NetId) -> NetId {
    let ux = unpack(b, f, x);
    let uy = unpack(b, f, y);
    let sign = b.xor(&[ux.sign, uy.sign]);
    let p = f.precision();
    // The significands with their hidden bit from one comparison (the product waits for it).
    let sig = |b: &mut UnitBuilder, exp: NetId, frac: NetId| {
        let z = b.zero(f.exp);
        let hidden = b.icmp(IcmpPred::Ne, exp, z);
        b.concat(&[hidden, frac])
    };
    let (sx, sy) = (sig(b, ux.exp, ux.frac), sig(b, uy.exp, uy.frac));
    let prod = b.mul_full(sx, sy);
    let cw = (f.exp + 2).max(count_width(2 * p) + 1) + 1;
    // Beside the multiplier: counts and exponents.
    // A significand's leading zeros: 0 with the hidden bit, else those of {0, frac} (counted
    // from the operand's bits, beside the hidden bit's comparison).
    let lz = {
        let count = |b: &mut UnitBuilder, u: &super::common::Unpacked| {
            let z1 = b.bool(false);
            let s = b.concat(&[z1, u.frac]);
            let c = b.lzc(s);
            let c = b.zext(c, cw);
            let z = b.zero(cw);
            b.mux(u.exp_zero, c, z)
        };
        let (la, lb) = (count(b, &ux), count(b, &uy));
        b.add(la, lb)
    };
    let tz = {
        let (ta, tb) = (b.tzc(ux.frac), b.tzc(uy.frac));
        let (ta, tb) = (b.zext(ta, cw), b.zext(tb, cw));
        b.add(ta, tb)
    };
    // Biased exponent of the product's top bit (2p - 1): ex + ey - bias + 1.
    let exp_sum = {
        let ex = b.zext(ux.exp_eff, cw);
        let ey = b.zext(uy.exp_eff, cw);
        b.add(ex, ey)
    };
    let e_top = {
        let k = b.konst((f.bias() - 1) as u64, cw);
        b.sub(exp_sum, k)
    };
    let nonzero = {
        let z = b.or(&[ux.zero, uy.zero]);
        b.not(z)
    };
    let r = normalize_product(b, f, prod, (exp_sum, e_top), lz, tz, nonzero);
    let inf_zero = {
        let a = b.and(&[ux.inf, uy.zero]);
        let c = b.and(&[uy.inf, ux.zero]);
        b.or(&[a, c])
    };
    let nan = b.or(&[ux.nan, uy.nan, inf_zero]);
    let inf = b.or(&[ux.inf, uy.inf]);
    // Exceptional: a NaN or infinity (early), or overflow, which waits for the window's top
    // bit: one LUT after it, from the two early cases (with and without the fix).
    let (ni, value) = {
        let no = b.bool(false);
        special_value(b, f, (sign, no), &Special { nan, inf, inf_sign: sign })
    };
    let any = {
        let e0 = b.or(&[ni, r.over_keep]);
        let e_fix = b.or(&[ni, r.over_fix]);
        let ef = b.mux(r.lz_lt, e_fix, e0);
        b.mux(r.top, e0, ef)
    };
    let frac = b.extract(r.sig, 0, f.man);
    let mag = b.concat(&[r.exp, frac]);
    let mw = f.exp + f.man;
    let vmag = b.extract(value, 0, mw);
    let rounded = increment_select(b, mag, r.up, (any, vmag));
    let vsign = b.bit(value, mw);
    let s = b.mux(any, vsign, sign);
    b.concat(&[s, rounded])
}

/// A normalized product before rounding: the exponent field `exp` (0 for a subnormal or
/// zero result), the significand `sig` (`p` bits), whether rounding adds one unit in the
/// last place (`up`), and whether the exponent is beyond the largest finite one.
struct Normalized {
    exp: NetId,
    sig: NetId,
    up: NetId,
    /// Overflow when the window's top bit is set (or no fix applies), and after the fix.
    over_keep: NetId,
    over_fix: NetId,
    /// The window's top bit and whether the left shift was below the room (the fix is
    /// `!top & lz_lt`).
    top: NetId,
    lz_lt: NetId,
}

/// Normalizes the `2p`-bit product `v` whose top bit has the biased exponent `e_top` (the
/// operands' exponent sum `exp_sum` less `bias - 1`), with
/// `lz` (a lower bound of its leading zeros, exact or one short) and `tz` (its trailing
/// zeros when `nonzero`), all signed in one width, into [`Normalized`].
///
/// One shifter moves the `p + 2`-bit window of the result into place for both directions
/// ([`window`]): its amount, from the exponents and counts only, is ready long before the
/// product. Then one LUT per bit takes the one more place left when the top bit is still 0,
/// and two LUT levels give the rounding increment (see the body).
fn normalize_product(
    b: &mut UnitBuilder,
    f: FloatFormat,
    v: NetId,
    (exp_sum, e_top): (NetId, NetId),
    lz: NetId,
    tz: NetId,
    nonzero: NetId,
) -> Normalized {
    let w = b.width(v);
    let p = f.precision();
    let cw = b.width(e_top);
    let one = b.konst(1, cw);
    let room = b.sub(e_top, one);
    let pos = {
        let neg = b.msb(room);
        b.not(neg)
    };
    // Left by s1 = min(lz, room) (window amount p - 1 - s1), or right by 1 - e_top (amount
    // p - e_top); amounts past 2p + 1 leave only zeros in the window.
    let lz_lt = b.icmp(IcmpPred::Slt, lz, room);
    let s1 = b.mux(lz_lt, lz, room);
    // That is max(p - 1 - lz, p - 1 - room): the exponents' part (clamped) is ready early,
    // the counts' part waits only for the counts. A negative amount comes only with a zero
    // product (any window of it is 0).
    let amount = {
        let pm1 = b.konst(u64::from(p - 1), cw);
        // p - 1 - room = (p + bias - 1) - exp_sum, past w + 1 when exp_sum < bias - p - 2.
        let k = b.konst(u64::from(p) + f.bias() as u64 - 1, cw);
        let by_exp = b.sub(k, exp_sum);
        let low = b.konst(f.bias() as u64 - u64::from(p) - 2, cw);
        let over = b.icmp(IcmpPred::Slt, exp_sum, low);
        let amax = b.konst(u64::from(w + 1), cw);
        let by_exp = b.mux(over, amax, by_exp);
        let by_lz = b.sub(pm1, lz);
        b.mux(lz_lt, by_lz, by_exp)
    };
    let a = b.extract(amount, 0, count_width(w + 1));
    let win = window(b, v, a, p + 2);
    let top = b.bit(win, p + 1);
    let next = b.bit(win, p);
    // Sticky, from the counts (beside the shifter): a 1 below the guard bit v[amount], or
    // below v[amount - 1] after the fix.
    let (sticky0, sticky1) = {
        let k1 = b.sub(amount, one);
        let c0 = b.icmp(IcmpPred::Slt, tz, amount);
        let c1 = b.icmp(IcmpPred::Slt, tz, k1);
        (b.and(&[c0, nonzero]), b.and(&[c1, nonzero]))
    };
    // The fix (one more place left) is !top & lz_lt. Every bit after the window is one LUT
    // of top, lz_lt and the two window bits it picks from, so the rounding adder starts two
    // LUT levels after the shifter: the significand bits and the two increments (one per
    // position of the guard bit) in the first, the increment picked in the second.
    let pick = |b: &mut UnitBuilder, lo: NetId, hi: NetId| {
        let t = table4(|top, lzl, lo, hi| if !top && lzl { lo } else { hi });
        b.cell(t, 1, &[top, lz_lt, lo, hi])
    };
    let wb: Vec<NetId> = (0..p + 2).map(|k| b.bit(win, k)).collect();
    let sig = {
        let bits: Vec<NetId> = (1..=p).rev().map(|k| pick(b, wb[k as usize], wb[k as usize + 1])).collect();
        b.concat(&bits)
    };
    let up = {
        let u0 = round_up(b, wb[1], sticky0, wb[2]);
        let u1 = round_up(b, wb[0], sticky1, wb[1]);
        pick(b, u1, u0)
    };
    let e1 = b.sub(e_top, s1);
    let e1m = b.sub(e1, one);
    // Exponent field: e1 (e1 - 1 after the fix) for a normal result (pos, and the top bit
    // set or set by the fix), else 0; per bit top ? pos & e1 : next & lz_lt & pos & e1m,
    // one LUT after the window.
    let e_field = {
        let ew = f.exp;
        let pos_w = b.replicate(pos, ew);
        let e1l = b.extract(e1, 0, ew);
        let ea = b.and(&[pos_w, e1l]);
        let pl = b.and(&[pos, lz_lt]);
        let pl_w = b.replicate(pl, ew);
        let e1ml = b.extract(e1m, 0, ew);
        let eb = b.and(&[pl_w, e1ml]);
        let t = table4(|top, next, ea, eb| if top { ea } else { next && eb });
        let bits: Vec<NetId> = (0..ew)
            .rev()
            .map(|k| {
                let (x, y) = (b.bit(ea, k), b.bit(eb, k));
                b.cell(t.clone(), 1, &[top, next, x, y])
            })
            .collect();
        b.concat(&bits)
    };
    let (over_keep, over_fix) = {
        let m = b.konst(f.exp_max(), cw);
        let o0 = b.icmp(IcmpPred::Sge, e1, m);
        let o1 = b.icmp(IcmpPred::Sge, e1m, m);
        (b.and(&[o0, pos]), b.and(&[o1, pos]))
    };
    Normalized { exp: e_field, sig, up, over_keep, over_fix, top, lz_lt }
}

/// `x + up` (modulo `2^w`) for the late 1-bit `up`, or `v` when `force` (both early): the
/// low bits plus `up` on a short carry chain, the high bits plus 0 and plus 1 beside it
/// (they wait only for `x`), and one multiplexer picked by the low chain's carry. The
/// exception `force` takes no level of its own after the adders: it replaces the high bits
/// plus 0 (beside the plus-1 chain) and clears the carry, and the low bits are replaced after
/// their short chain.
fn increment_select(b: &mut UnitBuilder, x: NetId, up: NetId, (force, v): (NetId, NetId)) -> NetId {
    let w = b.width(x);
    let lw = (w / 3).max(1);
    if w < 16 {
        let u = b.zext(up, w);
        let sum = b.add(x, u);
        return b.mux_early(force, v, sum);
    }
    let lo = {
        let xl = b.extract(x, 0, lw);
        let xl = b.zext(xl, lw + 1);
        let u = b.zext(up, lw + 1);
        b.add(xl, u)
    };
    let carry = {
        let c = b.bit(lo, lw);
        // c & !force, one LUT.
        b.cell(CellKind::TruthTable(Bits::from_u64(0b0100, 4)), 1, &[c, force])
    };
    let hi = b.extract(x, lw, w - lw);
    let hi1 = b.add_const(hi, 1);
    let hi = {
        let vh = b.extract(v, lw, w - lw);
        b.mux_early(force, vh, hi)
    };
    let hi = b.mux(carry, hi1, hi);
    let lo = {
        let l = b.extract(lo, 0, lw);
        let vl = b.extract(v, 0, lw);
        b.mux_early(force, vl, l)
    };
    b.concat(&[hi, lo])
}

/// A 4-input LUT from its function (arguments in operand order).
fn table4(g: impl Fn(bool, bool, bool, bool) -> bool) -> CellKind {
    let mut t = 0u64;
    for i in 0..16u32 {
        let bit = |k: u32| (i >> (3 - k)) & 1 == 1;
        if g(bit(0), bit(1), bit(2), bit(3)) {
            t |= 1 << i;
        }
    }
    CellKind::TruthTable(Bits::from_u64(t, 16))
}

/// The `n`-bit window `{.., v, 0} >> a` (bit `k` is bit `a + k - 1` of `v`, 0 outside it):
/// one multiplexer per amount bit, the largest first, each only as wide as the bits the
/// later ones can still reach.
fn window(b: &mut UnitBuilder, v: NetId, a: NetId, n: u32) -> NetId {
    let pad = b.bool(false);
    let mut z = b.concat(&[v, pad]);
    for j in (0..b.width(a)).rev() {
        let k = 1u32 << j;
        let need = n + k - 1;
        let kept = bits_from(b, z, 0, need);
        let moved = bits_from(b, z, k, need);
        let s = b.bit(a, j);
        z = b.mux_early(s, moved, kept);
    }
    z
}

/// Bits `low..low + n` of `z`, zeros past its width.
fn bits_from(b: &mut UnitBuilder, z: NetId, low: u32, n: u32) -> NetId {
    let zw = b.width(z);
    if low >= zw {
        return b.zero(n);
    }
    let x = b.extract(z, low, n.min(zw - low));
    b.zext(x, n)
}
