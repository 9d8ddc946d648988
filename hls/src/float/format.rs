//! Binary floating-point formats, parametric in exponent and fraction width, and the 16
//! predicates of `arith.cmpf`.

use mlir_text::FloatKind;
use std::fmt;

/// An IEEE 754 binary format: 1 sign bit, `exp` exponent bits, `man` stored fraction bits
/// (the leading 1 of a normal number is implicit). Width `1 + exp + man`, at most 64.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FloatFormat {
    /// Exponent bits (2..=11 for the formats MLIR names; any 2..=20 is accepted).
    pub exp: u32,
    /// Stored fraction bits, without the implicit leading 1.
    pub man: u32,
}

impl FloatFormat {
    /// IEEE binary16 (`f16`).
    pub const F16: FloatFormat = FloatFormat { exp: 5, man: 10 };
    /// bfloat16 (`bf16`).
    pub const BF16: FloatFormat = FloatFormat { exp: 8, man: 7 };
    /// IEEE binary32 (`f32`).
    pub const F32: FloatFormat = FloatFormat { exp: 8, man: 23 };
    /// IEEE binary64 (`f64`).
    pub const F64: FloatFormat = FloatFormat { exp: 11, man: 52 };

    /// The format of an MLIR float type.
    pub fn of_kind(k: FloatKind) -> FloatFormat {
        match k {
            FloatKind::F16 => FloatFormat::F16,
            FloatKind::BF16 => FloatFormat::BF16,
            FloatKind::F32 => FloatFormat::F32,
            FloatKind::F64 => FloatFormat::F64,
        }
    }

    /// The MLIR type this format is, if it is one (`f32`, ...).
    pub fn kind(self) -> Option<FloatKind> {
        match self {
            FloatFormat::F16 => Some(FloatKind::F16),
            FloatFormat::BF16 => Some(FloatKind::BF16),
            FloatFormat::F32 => Some(FloatKind::F32),
            FloatFormat::F64 => Some(FloatKind::F64),
            _ => None,
        }
    }

    /// Total bits: sign, exponent, fraction.
    pub fn width(self) -> u32 {
        1 + self.exp + self.man
    }

    /// Significand precision in bits, the implicit 1 included.
    pub fn precision(self) -> u32 {
        self.man + 1
    }

    /// The exponent bias, `2^(exp-1) - 1`.
    pub fn bias(self) -> i32 {
        (1i32 << (self.exp - 1)) - 1
    }

    /// The all-ones biased exponent of infinities and NaNs.
    pub fn exp_max(self) -> u64 {
        (1u64 << self.exp) - 1
    }

    /// Mask of the format's bits.
    pub fn mask(self) -> u64 {
        if self.width() == 64 {
            u64::MAX
        } else {
            (1u64 << self.width()) - 1
        }
    }

    /// Mask of the sign bit.
    pub fn sign_bit(self) -> u64 {
        1u64 << (self.exp + self.man)
    }

    /// Mask of the stored fraction.
    pub fn man_mask(self) -> u64 {
        (1u64 << self.man) - 1
    }

    /// (sign, biased exponent, stored fraction) of a bit pattern.
    pub fn unpack(self, bits: u64) -> (bool, u64, u64) {
        (bits & self.sign_bit() != 0, (bits >> self.man) & self.exp_max(), bits & self.man_mask())
    }

    /// The bit pattern of (sign, biased exponent, stored fraction); each part is masked.
    pub fn pack(self, sign: bool, exp: u64, man: u64) -> u64 {
        (if sign { self.sign_bit() } else { 0 })
            | ((exp & self.exp_max()) << self.man)
            | (man & self.man_mask())
    }

    /// Whether `bits` is a NaN (all-ones exponent, nonzero fraction).
    pub fn is_nan(self, bits: u64) -> bool {
        let (_, e, m) = self.unpack(bits);
        e == self.exp_max() && m != 0
    }

    /// The NaN the hardware and the interpreter produce for an invalid operation: positive,
    /// quiet (the top fraction bit set), the rest 0 (`0x7FC00000` for `f32`).
    pub fn default_nan(self) -> u64 {
        self.pack(false, self.exp_max(), 1u64 << (self.man - 1))
    }

    /// Positive or negative infinity.
    pub fn inf(self, sign: bool) -> u64 {
        self.pack(sign, self.exp_max(), 0)
    }

    /// Positive or negative zero.
    pub fn zero(self, sign: bool) -> u64 {
        self.pack(sign, 0, 0)
    }

    /// Whether two results agree as SPEC section 4 counts it: equal bits, or both NaN.
    pub fn same_result(self, a: u64, b: u64) -> bool {
        (a & self.mask()) == (b & self.mask()) || (self.is_nan(a) && self.is_nan(b))
    }
}

impl fmt::Display for FloatFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FloatFormat::F16 => f.write_str("f16"),
            FloatFormat::BF16 => f.write_str("bf16"),
            FloatFormat::F32 => f.write_str("f32"),
            FloatFormat::F64 => f.write_str("f64"),
            FloatFormat { exp, man } => write!(f, "e{exp}m{man}"),
        }
    }
}

/// The predicates of `arith.cmpf`, in MLIR's order (its integer encoding is the index).
/// Ordered predicates are false when either operand is NaN; unordered ones are true then.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FCmpPred {
    /// Always false.
    False,
    /// Ordered and equal.
    Oeq,
    /// Ordered and greater.
    Ogt,
    /// Ordered and greater or equal.
    Oge,
    /// Ordered and less.
    Olt,
    /// Ordered and less or equal.
    Ole,
    /// Ordered and not equal.
    One,
    /// Neither operand is NaN.
    Ord,
    /// Unordered or equal.
    Ueq,
    /// Unordered or greater.
    Ugt,
    /// Unordered or greater or equal.
    Uge,
    /// Unordered or less.
    Ult,
    /// Unordered or less or equal.
    Ule,
    /// Unordered or not equal.
    Une,
    /// Either operand is NaN.
    Uno,
    /// Always true.
    True,
}

impl FCmpPred {
    /// All predicates, in MLIR's encoding order.
    pub const ALL: [FCmpPred; 16] = [
        FCmpPred::False,
        FCmpPred::Oeq,
        FCmpPred::Ogt,
        FCmpPred::Oge,
        FCmpPred::Olt,
        FCmpPred::Ole,
        FCmpPred::One,
        FCmpPred::Ord,
        FCmpPred::Ueq,
        FCmpPred::Ugt,
        FCmpPred::Uge,
        FCmpPred::Ult,
        FCmpPred::Ule,
        FCmpPred::Une,
        FCmpPred::Uno,
        FCmpPred::True,
    ];

    /// The keyword (`olt`).
    pub fn name(self) -> &'static str {
        [
            "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
            "une", "uno", "true",
        ][self as usize]
    }

    /// Parses the keyword.
    pub fn from_name(s: &str) -> Option<FCmpPred> {
        FCmpPred::ALL.into_iter().find(|p| p.name() == s)
    }

    /// From MLIR's integer encoding.
    pub fn from_index(i: i128) -> Option<FCmpPred> {
        usize::try_from(i).ok().and_then(|i| FCmpPred::ALL.get(i).copied())
    }

    /// Whether the predicate holds when the operands are unordered (either is NaN).
    pub fn unordered_result(self) -> bool {
        matches!(
            self,
            FCmpPred::Ueq
                | FCmpPred::Ugt
                | FCmpPred::Uge
                | FCmpPred::Ult
                | FCmpPred::Ule
                | FCmpPred::Une
                | FCmpPred::Uno
                | FCmpPred::True
        )
    }

    /// The result for ordered operands from their relation: (less, equal, greater), exactly
    /// one true.
    pub fn ordered_result(self, less: bool, equal: bool, greater: bool) -> bool {
        match self {
            FCmpPred::False | FCmpPred::Uno => false,
            FCmpPred::True | FCmpPred::Ord => true,
            FCmpPred::Oeq | FCmpPred::Ueq => equal,
            FCmpPred::Ogt | FCmpPred::Ugt => greater,
            FCmpPred::Oge | FCmpPred::Uge => greater || equal,
            FCmpPred::Olt | FCmpPred::Ult => less,
            FCmpPred::Ole | FCmpPred::Ule => less || equal,
            FCmpPred::One | FCmpPred::Une => less || greater,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_match_rust_floats() {
        let f = FloatFormat::F32;
        assert_eq!(f.width(), 32);
        assert_eq!(f.bias(), 127);
        assert_eq!(f.default_nan(), 0x7FC0_0000);
        assert_eq!(f.inf(true), f32::NEG_INFINITY.to_bits() as u64);
        assert_eq!(f.unpack(1.5f32.to_bits() as u64), (false, 127, 1 << 22));
        assert_eq!(f.pack(true, 128, 0), (-2.0f32).to_bits() as u64);
        let d = FloatFormat::F64;
        assert_eq!(d.mask(), u64::MAX);
        assert_eq!(d.default_nan(), f64::NAN.to_bits());
        assert!(d.is_nan(f64::NAN.to_bits()) && !d.is_nan(f64::INFINITY.to_bits()));
        assert!(d.same_result(f64::NAN.to_bits(), (-f64::NAN).to_bits()));
        assert!(!d.same_result(0, (-0.0f64).to_bits()));
        assert_eq!(FloatFormat::BF16.to_string(), "bf16");
        assert_eq!(FloatFormat { exp: 6, man: 9 }.to_string(), "e6m9");
    }

    #[test]
    fn predicates_follow_mlir_encoding() {
        assert_eq!(FCmpPred::from_index(4), Some(FCmpPred::Olt));
        assert_eq!(FCmpPred::from_name("une"), Some(FCmpPred::Une));
        assert_eq!(FCmpPred::from_index(16), None);
        for (i, p) in FCmpPred::ALL.into_iter().enumerate() {
            assert_eq!(p as usize, i);
            assert_eq!(FCmpPred::from_name(p.name()), Some(p));
            // A predicate and its unordered twin (index + 7) agree on ordered operands.
            if (1..=6).contains(&i) {
                let u = FCmpPred::ALL[i + 7];
                assert!(u.unordered_result() && !p.unordered_result());
                for (l, e, g) in [(true, false, false), (false, true, false), (false, false, true)] {
                    assert_eq!(p.ordered_result(l, e, g), u.ordered_result(l, e, g));
                }
            }
        }
    }
}
