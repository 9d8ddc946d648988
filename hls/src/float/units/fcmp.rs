//! Comparisons (`arith.cmpf`, all 16 predicates), minimum/maximum (`arith.minimumf`/
//! `maximumf`, NaN-propagating; `arith.minnumf`/`maxnumf`, NaN-ignoring) and the sign-bit
//! operations (`arith.negf`, `math.absf`): combinational, a few compares and multiplexers.
//!
//! A comparison orders the operands by a key: a float's bits with the sign bit flipped
//! for a positive value and all bits flipped for a negative one order like the values as
//! unsigned integers, -0 just below +0. `cmpf` treats ±0 as equal, so its "equal" is bit
//! equality or both zero; min/max keep -0 < +0 as MLIR's `minimumf`/`maximumf` require
//! (and `minnumf`/`maxnumf`, whose result for ±0 LLVM leaves open, do the same).

use super::common::unpack;
use super::UnitBuilder;
use crate::float::{FCmpPred, FloatFormat};
use comb::{IcmpPred, NetId};

/// Which of the four min/max operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MinMax {
    /// `arith.minimumf`: a NaN operand gives NaN.
    Minimum,
    /// `arith.maximumf`: a NaN operand gives NaN.
    Maximum,
    /// `arith.minnumf`: a NaN operand is ignored (NaN only if both are).
    MinNum,
    /// `arith.maxnumf`: a NaN operand is ignored (NaN only if both are).
    MaxNum,
}

impl MinMax {
    /// All four.
    pub const ALL: [MinMax; 4] = [MinMax::Minimum, MinMax::Maximum, MinMax::MinNum, MinMax::MaxNum];

    /// The `arith` op name (`minimumf`).
    pub fn name(self) -> &'static str {
        match self {
            MinMax::Minimum => "minimumf",
            MinMax::Maximum => "maximumf",
            MinMax::MinNum => "minnumf",
            MinMax::MaxNum => "maxnumf",
        }
    }

    fn is_min(self) -> bool {
        matches!(self, MinMax::Minimum | MinMax::MinNum)
    }
}

/// The order key of `x`: unsigned comparison of keys is the float order with -0 < +0
/// (for non-NaN values).
fn key(g: &mut UnitBuilder, f: FloatFormat, x: NetId) -> NetId {
    let s = g.bit(x, f.width() - 1);
    let flip_all = g.replicate(s, f.width());
    let top = g.konst(f.sign_bit(), f.width());
    let flip = g.or(&[flip_all, top]);
    g.xor(&[x, flip])
}

/// `a pred b` on values of format `f`: one bit.
pub fn build_fcmp(g: &mut UnitBuilder, f: FloatFormat, pred: FCmpPred, a: NetId, b: NetId) -> NetId {
    match pred {
        FCmpPred::False => return g.konst(0, 1),
        FCmpPred::True => return g.konst(1, 1),
        _ => {}
    }
    let (pa, pb) = (unpack(g, f, a), unpack(g, f, b));
    let unordered = g.or(&[pa.nan, pb.nan]);
    let (ka, kb) = (key(g, f, a), key(g, f, b));
    let both_zero = g.and(&[pa.zero, pb.zero]);
    let same = g.icmp(IcmpPred::Eq, a, b);
    let equal = g.or(&[same, both_zero]);
    let not_equal = g.not(equal);
    let lt = g.icmp(IcmpPred::Ult, ka, kb);
    let less = g.and(&[lt, not_equal]);
    let gt = g.icmp(IcmpPred::Ugt, ka, kb);
    let greater = g.and(&[gt, not_equal]);
    // The ordered result as a function of (less, equal, greater), one of them true.
    let ordered = match pred {
        FCmpPred::Ord | FCmpPred::Uno => g.konst(u64::from(pred == FCmpPred::Ord), 1),
        FCmpPred::Oeq | FCmpPred::Ueq => equal,
        FCmpPred::Ogt | FCmpPred::Ugt => greater,
        FCmpPred::Oge | FCmpPred::Uge => g.or(&[greater, equal]),
        FCmpPred::Olt | FCmpPred::Ult => less,
        FCmpPred::Ole | FCmpPred::Ule => g.or(&[less, equal]),
        FCmpPred::One | FCmpPred::Une => not_equal,
        FCmpPred::False | FCmpPred::True => unreachable!("constant predicates returned above"),
    };
    let un = g.konst(u64::from(pred.unordered_result()), 1);
    g.mux(unordered, un, ordered)
}

/// `op(a, b)` on values of format `f`; a NaN result is the format's default NaN.
pub fn build_fminmax(g: &mut UnitBuilder, f: FloatFormat, op: MinMax, a: NetId, b: NetId) -> NetId {
    let (pa, pb) = (unpack(g, f, a), unpack(g, f, b));
    let (ka, kb) = (key(g, f, a), key(g, f, b));
    let a_first = g.icmp(if op.is_min() { IcmpPred::Ule } else { IcmpPred::Uge }, ka, kb);
    let pick = g.mux(a_first, a, b);
    let nan = g.konst(f.default_nan(), f.width());
    match op {
        MinMax::Minimum | MinMax::Maximum => {
            let any = g.or(&[pa.nan, pb.nan]);
            g.mux(any, nan, pick)
        }
        MinMax::MinNum | MinMax::MaxNum => {
            // One NaN: the other operand; both: the default NaN (as every NaN result).
            let r = g.mux(pb.nan, a, pick);
            let r = g.mux(pa.nan, b, r);
            let both = g.and(&[pa.nan, pb.nan]);
            g.mux(both, nan, r)
        }
    }
}

/// `-x` (`arith.negf`): the sign bit flipped, NaNs included.
pub fn build_fneg(g: &mut UnitBuilder, f: FloatFormat, x: NetId) -> NetId {
    let s = g.konst(f.sign_bit(), f.width());
    g.xor(&[x, s])
}

/// `|x|` (`math.absf`): the sign bit cleared, NaNs included.
pub fn build_fabs(g: &mut UnitBuilder, f: FloatFormat, x: NetId) -> NetId {
    let m = g.konst(f.mask() >> 1, f.width());
    g.and(&[x, m])
}
