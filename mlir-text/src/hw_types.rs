//! CIRCT's aggregate types (`!hw.array`, `!hw.struct`, `!hw.union`, `!hw.enum`,
//! `!hw.typealias`): their fields, their flattened bit widths and layout, and their
//! spelling. Kept apart from `ast.rs` so the rest of the op tree does not grow.
//!
//! The layout is CIRCT's (what its Verilog export gives packed types): array element 0 in
//! the low bits; struct fields declared first in the high bits; a union field at bit
//! `width - offset - field width` (padding before it, as `offset`, is high); an enum is the
//! index of its tag in `max(1, ceil(log2(tags)))` bits.

use crate::ast::{ComplexType, Type};
use std::fmt;

/// A field of a `!hw.struct` or `!hw.union`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HwField {
    /// The field name as written (without quotes).
    pub name: String,
    /// The field type.
    pub ty: Type,
    /// A union field's `offset N` (0 for structs and when not written).
    pub offset: u64,
}

/// Bits an `!hw.enum` of `n` tags takes (CIRCT: `ceil(log2(n))`, at least 1).
pub fn enum_width(n: usize) -> u64 {
    if n > 1 {
        (usize::BITS - (n - 1).leading_zeros()) as u64
    } else {
        1
    }
}

/// Bits an index into an array of `n` elements takes (`ceil(log2(n))`; 0 for one element).
pub fn index_width(n: u64) -> u32 {
    if n > 1 {
        u64::BITS - (n - 1).leading_zeros()
    } else {
        0
    }
}

impl Type {
    /// The type behind any `!hw.typealias` wrappers.
    pub fn strip_alias(&self) -> &Type {
        let mut t = self;
        while let Type::Complex(c) = t {
            match &**c {
                ComplexType::HwAlias { inner, .. } => t = inner,
                _ => break,
            }
        }
        t
    }

    /// The aggregate type behind aliases, if this is one (`!hw.array`, struct, union, enum).
    pub fn hw_aggregate(&self) -> Option<&ComplexType> {
        match self.strip_alias() {
            Type::Complex(c)
                if matches!(
                    **c,
                    ComplexType::HwArray { .. }
                        | ComplexType::HwStruct(_)
                        | ComplexType::HwUnion(_)
                        | ComplexType::HwEnum(_)
                ) =>
            {
                Some(c)
            }
            _ => None,
        }
    }

    /// True for an integer, or an aggregate or alias made of them: a value the netlist
    /// holds as a bit vector.
    pub fn is_bits(&self) -> bool {
        self.bit_width().is_some()
    }

    /// The flattened width in bits of an integer or hw aggregate type (`None` for clocks,
    /// memrefs, floats and anything else).
    pub fn bit_width(&self) -> Option<u64> {
        match self.strip_alias() {
            Type::Int { width, .. } => Some(*width as u64),
            Type::Complex(c) => match &**c {
                ComplexType::HwArray { len, elem } => elem.bit_width()?.checked_mul(*len),
                ComplexType::HwStruct(fields) => {
                    let mut sum = 0u64;
                    for f in fields {
                        sum = sum.checked_add(f.ty.bit_width()?)?;
                    }
                    Some(sum)
                }
                ComplexType::HwUnion(fields) => {
                    let mut max = 0u64;
                    for f in fields {
                        max = max.max(f.ty.bit_width()?.checked_add(f.offset)?);
                    }
                    Some(max)
                }
                ComplexType::HwEnum(tags) => Some(enum_width(tags.len())),
                // HEIR's secret wraps a plain value: the same bits.
                ComplexType::Secret(t) => t.bit_width(),
                _ => None,
            },
            _ => None,
        }
    }
}

fn fields(f: &mut fmt::Formatter<'_>, fs: &[HwField]) -> fmt::Result {
    for (i, x) in fs.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{}: {}", x.name, x.ty)?;
        if x.offset != 0 {
            write!(f, " offset {}", x.offset)?;
        }
    }
    Ok(())
}

/// Prints an aggregate type in CIRCT's spelling; `None` if `c` is not one.
pub(crate) fn display(c: &ComplexType, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
    Some(match c {
        ComplexType::HwArray { len, elem } => write!(f, "!hw.array<{len}x{elem}>"),
        ComplexType::HwParamArray { len, elem } => write!(f, "!hw.array<{len} x {elem}>"),
        ComplexType::HwStruct(fs) => {
            f.write_str("!hw.struct<").and_then(|_| fields(f, fs)).and_then(|_| f.write_str(">"))
        }
        ComplexType::HwUnion(fs) => {
            f.write_str("!hw.union<").and_then(|_| fields(f, fs)).and_then(|_| f.write_str(">"))
        }
        ComplexType::HwEnum(tags) => write!(f, "!hw.enum<{}>", tags.join(", ")),
        ComplexType::HwAlias { path, inner } => {
            let p: Vec<String> = path.iter().map(|s| format!("@{s}")).collect();
            write!(f, "!hw.typealias<{}, {inner}>", p.join("::"))
        }
        _ => return None,
    })
}
