//! `Display` for types and integers, in MLIR's spelling, for diagnostics.

use crate::ast::{BigInt, ComplexType, FloatKind, PortDir, Signedness, Type};
use std::fmt;

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Int { width, signedness } => {
                let p = match signedness {
                    Signedness::Signless => "i",
                    Signedness::Signed => "si",
                    Signedness::Unsigned => "ui",
                };
                write!(f, "{p}{width}")
            }
            Type::Index => f.write_str("index"),
            Type::Float(k) => f.write_str(match k {
                FloatKind::F16 => "f16",
                FloatKind::BF16 => "bf16",
                FloatKind::F32 => "f32",
                FloatKind::F64 => "f64",
            }),
            Type::Clock => f.write_str("!seq.clock"),
            Type::None => f.write_str("none"),
            Type::Complex(c) => write!(f, "{c}"),
        }
    }
}

fn list(f: &mut fmt::Formatter<'_>, types: &[Type]) -> fmt::Result {
    for (i, t) in types.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{t}")?;
    }
    Ok(())
}

impl fmt::Display for ComplexType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComplexType::MemRef { shape, elem, rest } => {
                f.write_str("memref<")?;
                for d in shape {
                    match d {
                        Some(n) => write!(f, "{n}x")?,
                        None => f.write_str("?x")?,
                    }
                }
                write!(f, "{elem}{rest}>")
            }
            ComplexType::Function { inputs, results } => {
                f.write_str("(")?;
                list(f, inputs)?;
                f.write_str(") -> ")?;
                if results.len() == 1
                    && !matches!(&results[0], Type::Complex(c) if matches!(**c, ComplexType::Function { .. }))
                {
                    write!(f, "{}", results[0])
                } else {
                    f.write_str("(")?;
                    list(f, results)?;
                    f.write_str(")")
                }
            }
            ComplexType::HwModule(ports) => {
                f.write_str("!hw.modty<")?;
                for (i, p) in ports.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    let d = match p.dir {
                        PortDir::Input => "input",
                        PortDir::Output => "output",
                        PortDir::InOut => "inout",
                    };
                    write!(f, "{d} {} : {}", p.name, p.ty)?;
                }
                f.write_str(">")
            }
            ComplexType::Opaque(s) => f.write_str(s),
            ComplexType::Secret(t) => write!(f, "!secret.secret<{t}>"),
            ComplexType::HwInOut(t) => write!(f, "!hw.inout<{t}>"),
            other => crate::hw_types::display(other, f).unwrap_or(Ok(())),
        }
    }
}

impl fmt::Display for BigInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(v) = self.to_i128() {
            return write!(f, "{v}");
        }
        if self.negative {
            f.write_str("-")?;
        }
        f.write_str("0x")?;
        for (i, w) in self.magnitude.iter().rev().enumerate() {
            if i == 0 {
                write!(f, "{w:x}")?;
            } else {
                write!(f, "{w:016x}")?;
            }
        }
        Ok(())
    }
}

impl BigInt {
    /// Number of bits needed for the magnitude (0 for zero).
    pub fn magnitude_bits(&self) -> u64 {
        match self.magnitude.last() {
            None => 0,
            Some(&top) => (self.magnitude.len() as u64 - 1) * 64 + (64 - top.leading_zeros() as u64),
        }
    }

    /// True if the value fits in `width` bits as an unsigned or a two's complement signed
    /// number (MLIR accepts both spellings for signless integers).
    pub fn fits_width(&self, width: u32) -> bool {
        let bits = self.magnitude_bits();
        if !self.negative {
            return bits <= width as u64;
        }
        // -m fits if m <= 2^(width-1).
        if bits < width as u64 {
            return true;
        }
        if bits > width as u64 {
            return false;
        }
        // bits == width: only m == 2^(width-1) exactly... which has bits == width only
        // when width - 1 is the top bit, i.e. a power of two.
        let top = (width - 1) as u64;
        self.magnitude.iter().enumerate().all(|(i, &w)| {
            let lo = i as u64 * 64;
            if top >= lo && top < lo + 64 {
                w == 1u64 << (top - lo)
            } else {
                w == 0
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits() {
        assert!(BigInt::from_i128(255).fits_width(8));
        assert!(!BigInt::from_i128(256).fits_width(8));
        assert!(BigInt::from_i128(-128).fits_width(8));
        assert!(!BigInt::from_i128(-129).fits_width(8));
        assert!(BigInt::from_i128(-1).fits_width(1));
        assert!(BigInt::from_i128(0).fits_width(1));
    }

    #[test]
    fn prints_types() {
        let f = Type::Complex(Box::new(ComplexType::Function {
            inputs: vec![Type::int(8), Type::Clock],
            results: vec![Type::int(1)],
        }));
        assert_eq!(f.to_string(), "(i8, !seq.clock) -> i1");
    }
}
