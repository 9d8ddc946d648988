//! Steps every unit shares: taking an operand apart ([`Unpacked`]) and rounding a normalized
//! significand into a result ([`round_pack`]).

use super::builder::count_width;
use super::UnitBuilder;
use crate::float::FloatFormat;
use comb::{CellKind, IcmpPred, NetId};

/// One operand's fields and classification, as nets.
#[derive(Clone, Copy, Debug)]
pub struct Unpacked {
    /// Sign (1 bit).
    pub sign: NetId,
    /// Biased exponent field (`exp` bits).
    pub exp: NetId,
    /// Stored fraction (`man` bits).
    pub frac: NetId,
    /// The exponent field is 0 (zero or subnormal).
    pub exp_zero: NetId,
    /// NaN.
    pub nan: NetId,
    /// Infinity.
    pub inf: NetId,
    /// Zero of either sign.
    pub zero: NetId,
    /// The significand with its leading bit (`precision` bits: 0 for subnormals).
    pub sig: NetId,
    /// The exponent the significand is scaled by: the field, or 1 for subnormals (`exp`
    /// bits).
    pub exp_eff: NetId,
}

/// Takes the bit pattern `x` of format `f` apart.
pub fn unpack(b: &mut UnitBuilder, f: FloatFormat, x: NetId) -> Unpacked {
    let sign = b.bit(x, f.exp + f.man);
    let exp = b.extract(x, f.man, f.exp);
    let frac = b.extract(x, 0, f.man);
    let exp_zero = b.is_zero(exp);
    let exp_ones = b.all(exp);
    let frac_zero = b.is_zero(frac);
    let frac_nz = b.not(frac_zero);
    let nan = b.and(&[exp_ones, frac_nz]);
    let inf = b.and(&[exp_ones, frac_zero]);
    let zero = b.and(&[exp_zero, frac_zero]);
    let hidden = b.not(exp_zero);
    let sig = b.concat(&[hidden, frac]);
    let one = b.konst(1, f.exp);
    let exp_eff = b.mux(exp_zero, one, exp);
    Unpacked { sign, exp, frac, exp_zero, nan, inf, zero, sig, exp_eff }
}

/// The result of rounding: a normalized significand `sig` (`precision` bits, its top bit the
/// leading 1, or 0 for a subnormal or zero result) with the biased exponent field `exp`
/// (`exp` bits: 0 for a subnormal or zero; a value of `exp_max` or more must have been
/// turned into `overflow`), the first bit below it `guard` and whether any bit below that
/// is set, `sticky`. Rounds to nearest, ties to even, and packs `sign`; the carry of the
/// rounding moves into the exponent (a subnormal becoming the smallest normal, a
/// significand overflowing to the next binade, the largest finite to infinity). With
/// `overflow`, the result is infinity.
pub struct Rounding {
    /// Result sign.
    pub sign: NetId,
    /// Exponent field before rounding.
    pub exp: NetId,
    /// Normalized significand.
    pub sig: NetId,
    /// The bit below the significand.
    pub guard: NetId,
    /// Any bit below the guard bit.
    pub sticky: NetId,
    /// The exponent is beyond the largest finite one.
    pub overflow: NetId,
}

/// The exceptional results of a unit, decided before rounding: a NaN result, an infinite
/// result (from an infinite operand) and its sign.
pub struct Special {
    /// The result is NaN.
    pub nan: NetId,
    /// The result is an infinity (unless NaN).
    pub inf: NetId,
    /// That infinity's sign.
    pub inf_sign: NetId,
}

/// Rounds and packs (see [`Rounding`]), then applies `special`: one multiplexer after the
/// rounding adder picks the exceptional pattern (default NaN, or an infinity from an
/// operand or from overflow), which is ready before the rounding.
pub fn round_pack(b: &mut UnitBuilder, f: FloatFormat, r: &Rounding, special: &Special) -> NetId {
    let normal = round(b, f, r);
    with_special(b, f, normal, (r.sign, r.overflow), special)
}

/// Rounds and packs, without the exceptions and overflow (see [`Rounding`]).
pub fn round(b: &mut UnitBuilder, f: FloatFormat, r: &Rounding) -> NetId {
    let lsb = b.bit(r.sig, 0);
    let up = round_up(b, r.guard, r.sticky, lsb);
    pack_up(b, f, r.sign, r.exp, r.sig, up)
}

/// Whether round to nearest even adds one unit in the last place: `guard & (sticky | lsb)`,
/// one LUT.
pub fn round_up(b: &mut UnitBuilder, guard: NetId, sticky: NetId, lsb: NetId) -> NetId {
    // Index guard * 4 + sticky * 2 + lsb.
    b.cell(CellKind::TruthTable(comb::Bits::from_u64(0b1110_0000, 8)), 1, &[guard, sticky, lsb])
}

/// Packs `sign`, the exponent field `exp` and the significand `sig` (its hidden bit
/// dropped) with the increment `up` added: the carry moves into the exponent.
pub fn pack_up(b: &mut UnitBuilder, f: FloatFormat, sign: NetId, exp: NetId, sig: NetId, up: NetId) -> NetId {
    let frac = b.extract(sig, 0, f.man);
    let mag = b.concat(&[exp, frac]);
    let upw = b.zext(up, f.exp + f.man);
    let rounded = b.add(mag, upw);
    b.concat(&[sign, rounded])
}

/// `normal`, unless `special` or `overflow` (an infinity of sign `sign`) says otherwise.
pub fn with_special(
    b: &mut UnitBuilder,
    f: FloatFormat,
    normal: NetId,
    (sign, overflow): (NetId, NetId),
    special: &Special,
) -> NetId {
    let (any, value) = special_value(b, f, (sign, overflow), special);
    b.mux(any, value, normal)
}

/// As [`with_special`], for a unit whose exceptions are decided well before `normal`: the
/// last multiplexer is [`UnitBuilder::mux_early`].
pub fn with_special_early(
    b: &mut UnitBuilder,
    f: FloatFormat,
    normal: NetId,
    (sign, overflow): (NetId, NetId),
    special: &Special,
) -> NetId {
    let (any, value) = special_value(b, f, (sign, overflow), special);
    b.mux_early(any, value, normal)
}

/// Whether the result is exceptional, and its pattern then.
pub fn special_value(
    b: &mut UnitBuilder,
    f: FloatFormat,
    (sign, overflow): (NetId, NetId),
    special: &Special,
) -> (NetId, NetId) {
    let inf_sign = b.mux(special.inf, special.inf_sign, sign);
    let inf = signed_inf(b, f, inf_sign);
    let qnan = default_nan(b, f);
    let value = b.mux(special.nan, qnan, inf);
    (b.or(&[special.nan, special.inf, overflow]), value)
}

/// The format's default NaN as a constant.
pub fn default_nan(b: &mut UnitBuilder, f: FloatFormat) -> NetId {
    b.konst(f.default_nan(), f.width())
}

/// Infinity with the sign `sign` (a net).
pub fn signed_inf(b: &mut UnitBuilder, f: FloatFormat, sign: NetId) -> NetId {
    let mag = b.konst(f.inf(false), f.exp + f.man);
    b.concat(&[sign, mag])
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
    // The leading-zero count of `v` with a 1 planted at `room` bits from the top: at most
    // `room`, so the exponent stays at least 1.
    let lz = limited_lzc(b, v, room);
    let lshift = b.zext(lz, cw);
    let left = b.shl(v, lz);
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

/// `min(lzc(v), limit)` for an unsigned `limit`: the count of `v` with a 1 or-ed in at bit
/// `width - 1 - limit` (a one-hot decoder of `limit`, beside whatever computes `v`).
pub fn limited_lzc(b: &mut UnitBuilder, v: NetId, limit: NetId) -> NetId {
    let w = b.width(v);
    let mark = lzc_mark(b, w, limit);
    lzc_marked(b, v, mark)
}

/// The one-hot mark of [`limited_lzc`] for a `width`-bit value: bit `width - 1 - limit`
/// (none when `limit >= width`). Units that know the limit early (or can pick between marks
/// of their operands) make it apart from the value.
pub fn lzc_mark(b: &mut UnitBuilder, width: u32, limit: NetId) -> NetId {
    let mut bits = comb::Bits::zero(width);
    bits.set_bit(width - 1, true);
    let top = b.konst_bits(bits);
    b.shr(top, limit)
}

/// The leading-zero count of `v` or-ed with `mark` (from [`lzc_mark`]).
pub fn lzc_marked(b: &mut UnitBuilder, v: NetId, mark: NetId) -> NetId {
    let marked = b.or(&[v, mark]);
    b.lzc(marked)
}
