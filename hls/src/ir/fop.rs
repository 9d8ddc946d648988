//! Floating-point operations of the HLS IR: which one, in which format, and whether it may
//! be reassociated.
//!
//! Values stay bit vectors: a float value is its IEEE 754 bit pattern, as wide as its
//! format ([`FloatFormat::width`]); only the op knows how to read it. Every op rounds to
//! nearest even and keeps subnormals, signed zeros and infinities (SPEC section 4), which is
//! what `hls::float::soft` computes and what the units will compute. `arith.bitcast` and
//! float constants need no float op: they are the bits themselves.

use crate::float::FloatFormat;

/// A float op with two operands and one result, all of one format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FBinOp {
    /// `arith.addf`
    Add,
    /// `arith.subf`
    Sub,
    /// `arith.mulf`
    Mul,
    /// `arith.divf`
    Div,
    /// `arith.remf` (C's `fmod`: the remainder of the truncated quotient)
    Rem,
    /// `arith.maximumf` (NaN if either is NaN; -0 < +0)
    Maximum,
    /// `arith.minimumf`
    Minimum,
    /// `arith.maxnumf` (the other operand if one is NaN)
    MaxNum,
    /// `arith.minnumf`
    MinNum,
}

/// A float op with one operand and one result of one format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FUnOp {
    /// `arith.negf`: the sign bit flipped.
    Neg,
    /// `math.absf`: the sign bit cleared.
    Abs,
    /// `math.sqrt`
    Sqrt,
}

/// One side of a conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Num {
    /// A float of this format.
    Float(FloatFormat),
    /// A signed integer of this many bits.
    SInt(u32),
    /// An unsigned integer of this many bits.
    UInt(u32),
}

impl Num {
    /// Bits of a value of this kind.
    pub fn width(self) -> u32 {
        match self {
            Num::Float(f) => f.width(),
            Num::SInt(w) | Num::UInt(w) => w,
        }
    }
    /// The format, if a float.
    pub fn float(self) -> Option<FloatFormat> {
        match self {
            Num::Float(f) => Some(f),
            _ => None,
        }
    }
}

impl FBinOp {
    /// The arith op it comes from (`arith.addf`), for messages.
    pub fn mlir_name(self) -> &'static str {
        match self {
            FBinOp::Add => "arith.addf",
            FBinOp::Sub => "arith.subf",
            FBinOp::Mul => "arith.mulf",
            FBinOp::Div => "arith.divf",
            FBinOp::Rem => "arith.remf",
            FBinOp::Maximum => "arith.maximumf",
            FBinOp::Minimum => "arith.minimumf",
            FBinOp::MaxNum => "arith.maxnumf",
            FBinOp::MinNum => "arith.minnumf",
        }
    }
    /// The op of an arith name without its prefix (`addf`).
    pub fn from_short(n: &str) -> Option<FBinOp> {
        Some(match n {
            "addf" => FBinOp::Add,
            "subf" => FBinOp::Sub,
            "mulf" => FBinOp::Mul,
            "divf" => FBinOp::Div,
            "remf" => FBinOp::Rem,
            "maximumf" => FBinOp::Maximum,
            "minimumf" => FBinOp::Minimum,
            "maxnumf" => FBinOp::MaxNum,
            "minnumf" => FBinOp::MinNum,
            _ => return None,
        })
    }
}

impl FUnOp {
    /// The op it comes from, for messages.
    pub fn mlir_name(self) -> &'static str {
        match self {
            FUnOp::Neg => "arith.negf",
            FUnOp::Abs => "math.absf",
            FUnOp::Sqrt => "math.sqrt",
        }
    }
}

/// The op name of a conversion from `from` to `to` (`arith.sitofp`, ...), for messages.
pub fn conv_name(from: Num, to: Num) -> &'static str {
    match (from, to) {
        (Num::SInt(_), _) => "arith.sitofp",
        (Num::UInt(_), _) => "arith.uitofp",
        (_, Num::SInt(_)) => "arith.fptosi",
        (_, Num::UInt(_)) => "arith.fptoui",
        (Num::Float(a), Num::Float(b)) if a.width() < b.width() => "arith.extf",
        _ => "arith.truncf",
    }
}
