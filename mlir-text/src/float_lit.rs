//! Float literals as bit patterns: what `1.5 : f32`, `0x7FC00000 : f32` or `-0.0 : f16`
//! denotes, exactly.
//!
//! MLIR reads a decimal literal as an `f64` (correctly rounded) and converts it to the
//! attribute's type rounding to nearest even, and reads a hexadecimal literal as the bit
//! pattern itself (which must fit the type's width). A [`FloatLit`] keeps the resulting bits
//! in the type's own format, so a NaN payload, a negative zero or an `f16` subnormal
//! written in hex survives unchanged into the HLS IR and the interpreter.

use crate::ast::{FloatKind, Type};

/// A float constant: its type and its bit pattern in that type's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FloatLit {
    /// The float type.
    pub kind: FloatKind,
    /// The bits (sign, biased exponent, fraction), zero above the type's width.
    pub bits: u64,
}

impl FloatKind {
    /// Exponent and stored fraction bits of the format.
    pub fn layout(self) -> (u32, u32) {
        match self {
            FloatKind::F16 => (5, 10),
            FloatKind::BF16 => (8, 7),
            FloatKind::F32 => (8, 23),
            FloatKind::F64 => (11, 52),
        }
    }

    /// Total bits.
    pub fn width(self) -> u32 {
        let (e, m) = self.layout();
        1 + e + m
    }

    /// The MLIR spelling (`f32`).
    pub fn name(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
        }
    }
}

/// MLIR's builtin float types that HLS does not support (the reader names them in its
/// error): extended, quad, TensorFloat-32 and the 8-, 6- and 4-bit formats.
pub const UNSUPPORTED_FLOAT_TYPES: &[&str] = &[
    "f80",
    "f128",
    "tf32",
    "f8E5M2",
    "f8E4M3",
    "f8E4M3FN",
    "f8E5M2FNUZ",
    "f8E4M3FNUZ",
    "f8E4M3B11FNUZ",
    "f8E3M4",
    "f8E8M0FNU",
    "f6E2M3FN",
    "f6E3M2FN",
    "f4E2M1FN",
];

impl FloatLit {
    /// `v` rounded to nearest even in `kind` (overflow gives an infinity, as in MLIR).
    pub fn from_f64(v: f64, kind: FloatKind) -> FloatLit {
        let bits = match kind {
            FloatKind::F64 => v.to_bits(),
            FloatKind::F32 => (v as f32).to_bits() as u64,
            _ => {
                let (e, m) = kind.layout();
                round_f64(v, e, m)
            }
        };
        FloatLit { kind, bits }
    }

    /// The literal whose bit pattern is `bits`, if it fits the type's width.
    pub fn from_bits(bits: u64, kind: FloatKind) -> Option<FloatLit> {
        let w = kind.width();
        (w == 64 || bits >> w == 0).then_some(FloatLit { kind, bits })
    }

    /// The value as an `f64` (exact: every supported format widens exactly; a NaN stays a NaN).
    pub fn to_f64(self) -> f64 {
        match self.kind {
            FloatKind::F64 => f64::from_bits(self.bits),
            FloatKind::F32 => f32::from_bits(self.bits as u32) as f64,
            _ => {
                let (e, m) = self.kind.layout();
                widen(self.bits, e, m)
            }
        }
    }

    /// The type (`Type::Float`).
    pub fn ty(self) -> Type {
        Type::Float(self.kind)
    }

    /// The literal as MLIR reads it back exactly: the hexadecimal bit pattern and the type
    /// (`0x3F800000 : f32`).
    pub fn to_mlir(self) -> String {
        let digits = self.kind.width().div_ceil(4) as usize;
        format!("0x{:0digits$X} : {}", self.bits, self.kind.name())
    }
}

/// `bits` of the format (`e` exponent bits, `m` fraction bits) as an `f64`.
fn widen(bits: u64, e: u32, m: u32) -> f64 {
    let sign = if bits >> (e + m) & 1 == 1 { -1.0 } else { 1.0 };
    let bexp = (bits >> m) & ((1 << e) - 1);
    let frac = bits & ((1 << m) - 1);
    let bias = (1i32 << (e - 1)) - 1;
    if bexp == (1 << e) - 1 {
        return if frac == 0 { sign * f64::INFINITY } else { f64::NAN.copysign(sign) };
    }
    let (sig, exp) = if bexp == 0 { (frac, 1 - bias) } else { (frac | 1 << m, bexp as i32 - bias) };
    sign * sig as f64 * 2f64.powi(exp - m as i32)
}

/// `v` rounded to nearest even in the format of `e` exponent and `m` fraction bits
/// (`m` < 52): subnormals kept, overflow to infinity, a NaN to the quiet NaN of its sign.
fn round_f64(v: f64, e: u32, m: u32) -> u64 {
    let sign = (v.is_sign_negative() as u64) << (e + m);
    let exp_all = ((1u64 << e) - 1) << m;
    if v.is_nan() {
        return sign | exp_all | 1 << (m - 1);
    }
    if v.is_infinite() {
        return sign | exp_all;
    }
    if v == 0.0 {
        return sign;
    }
    // v = sig * 2^e2 exactly, sig < 2^53.
    let b = v.to_bits();
    let (bexp, frac) = ((b >> 52) & 0x7ff, b & ((1 << 52) - 1));
    let (sig, e2) = if bexp == 0 { (frac, -1074) } else { (frac | 1 << 52, bexp as i32 - 1075) };
    let bias = (1i32 << (e - 1)) - 1;
    let msb = 63 - sig.leading_zeros() as i32;
    let mut exp = (msb + e2).max(1 - bias);
    // Keep sig's bits down to the quantum 2^(exp - m).
    let drop = exp - m as i32 - e2;
    let mut r = if drop <= 0 {
        sig << (-drop) as u32
    } else if drop > 60 {
        0
    } else {
        let (q, rem, half) = (sig >> drop, sig & ((1 << drop) - 1), 1u64 << (drop - 1));
        q + (rem > half || (rem == half && q & 1 == 1)) as u64
    };
    if r >> (m + 1) != 0 {
        r >>= 1;
        exp += 1;
    }
    if r >> m == 0 {
        return sign | r;
    }
    let biased = (exp + bias) as u64;
    if biased >= (1 << e) - 1 {
        return sign | exp_all;
    }
    sign | biased << m | (r & ((1 << m) - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_like_native_f32_in_its_layout() {
        // The generic rounding, run with f32's layout, agrees with Rust's `as f32`.
        let samples = [
            1.0,
            -1.5e-3,
            16777217.0,
            3.4e39,
            1e-40,
            1.4e-45,
            7.0e-46,
            7.1e-46,
            f64::MIN_POSITIVE,
            -0.0,
            f64::INFINITY,
            0.1,
            123456789.123,
        ];
        for v in samples {
            assert_eq!(round_f64(v, 8, 23), (v as f32).to_bits() as u64, "{v}");
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = f64::from_bits(x);
            if !v.is_nan() {
                assert_eq!(round_f64(v, 8, 23), (v as f32).to_bits() as u64, "{v:e}");
            }
        }
    }

    #[test]
    fn half_and_bfloat_literals() {
        let h = |v: f64| FloatLit::from_f64(v, FloatKind::F16).bits;
        assert_eq!(h(1.0), 0x3C00);
        assert_eq!(h(-2.0), 0xC000);
        assert_eq!(h(65504.0), 0x7BFF);
        assert_eq!(h(65520.0), 0x7C00, "halfway past the largest rounds to infinity");
        assert_eq!(h(5.960464477539063e-8), 0x0001, "smallest subnormal");
        assert_eq!(h(2.9e-8), 0x0000);
        assert_eq!(h(-0.0), 0x8000);
        assert_eq!(FloatLit::from_f64(1.0, FloatKind::BF16).bits, 0x3F80);
        assert_eq!(FloatLit::from_f64(1.00390625, FloatKind::BF16).bits, 0x3F80, "tie to even");
        assert_eq!(FloatLit::from_f64(1.01171875, FloatKind::BF16).bits, 0x3F82, "tie to even, up");
        for bits in [0x0001u64, 0x03FF, 0x3C00, 0x7BFF, 0x8400, 0xFC00] {
            let lit = FloatLit { kind: FloatKind::F16, bits };
            assert_eq!(FloatLit::from_f64(lit.to_f64(), FloatKind::F16), lit, "{bits:#x}");
        }
        assert!(FloatLit { kind: FloatKind::F16, bits: 0x7E00 }.to_f64().is_nan());
    }

    #[test]
    fn hex_patterns_must_fit() {
        assert!(FloatLit::from_bits(0x7C00, FloatKind::F16).is_some());
        assert!(FloatLit::from_bits(0x7FC00000, FloatKind::F16).is_none());
        assert_eq!(FloatLit::from_bits(0x7FC00001, FloatKind::F32).unwrap().to_mlir(), "0x7FC00001 : f32");
        assert_eq!(FloatLit::from_bits(0x3F80, FloatKind::BF16).unwrap().to_f64(), 1.0);
    }
}
