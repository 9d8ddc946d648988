//! The multiplier: `a * b`.
//!
//! Steps: the full product of the two significands (subnormals enter with a leading 0, so
//! there is no normalization of the operands); the exponent of the product's top bit; one
//! normalization that either shifts the product left to put its leading 1 on top (limited so
//! the exponent stays at least 1) or, when even the top bit's exponent is below 1, right to
//! exponent 1 with the bits shifted out jammed into the sticky (a subnormal or zero result);
//! round to nearest even; then the exceptions (NaN for a NaN operand or `inf * 0`; an
//! infinite operand gives a signed infinity). Zero operands need no case: their product is 0.

use super::common::{normalize_round, round_pack, unpack, Rounding, Special};
use super::UnitBuilder;
use crate::float::FloatFormat;
use comb::NetId;

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
    let inf_zero = {
        let a = b.and(&[ux.inf, uy.zero]);
        let c = b.and(&[uy.inf, ux.zero]);
        b.or(&[a, c])
    };
    let nan = b.or(&[ux.nan, uy.nan, inf_zero]);
    let inf = b.or(&[ux.inf, uy.inf]);
    let special = Special { nan, inf, inf_sign: sign };
    debug_assert!(p >= 2);
    round_pack(b, f, &Rounding { sign, ..r }, &special)
}
