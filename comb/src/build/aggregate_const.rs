//! The value of an `hw.aggregate_constant`: its nested field list (`[1 : i4, [true,
//! false], "A"]`) checked against the type and laid out in CIRCT's bit order (elements and
//! fields listed from the high end; enum fields by tag name).

use crate::bits::Bits;
use mlir_text::{Attr, ComplexType, Type};

/// The bits of an `hw.aggregate_constant` field list (or one field) for `ty`.
pub(crate) fn const_bits(a: &Attr, ty: &Type, out: &mut Vec<bool>) -> Result<(), String> {
    // `out` collects bits from the most significant down.
    let width = ty.bit_width().ok_or_else(|| format!("'{ty}' has no known width"))? as u32;
    let push_int = |bits: Bits, out: &mut Vec<bool>| {
        for i in (0..bits.width()).rev() {
            out.push(bits.bit(i));
        }
    };
    match (ty.hw_aggregate(), a) {
        (None, Attr::Int(v, _)) if ty.int_width().is_some() || ty.strip_alias().int_width().is_some() => {
            if !v.fits_width(width) {
                return Err(format!("constant {v} does not fit in {ty}"));
            }
            push_int(Bits::from_bigint(v, width), out);
        }
        (None, Attr::Bool(b)) if width == 1 => out.push(*b),
        (Some(ComplexType::HwEnum(tags)), Attr::String(s)) => match tags.iter().position(|t| t == s) {
            Some(i) => push_int(Bits::from_u64(i as u64, width), out),
            None => return Err(format!("'{ty}' has no tag '{s}'")),
        },
        (Some(ComplexType::HwArray { len, elem }), Attr::Array(items)) => {
            if items.len() as u64 != *len {
                return Err(format!("'{ty}' needs {len} elements, got {}", items.len()));
            }
            for it in items {
                const_bits(it, elem, out)?;
            }
        }
        (Some(ComplexType::HwStruct(fields)), Attr::Array(items)) => {
            if items.len() != fields.len() {
                return Err(format!("'{ty}' needs {} fields, got {}", fields.len(), items.len()));
            }
            for (it, f) in items.iter().zip(fields) {
                const_bits(it, &f.ty, out)?;
            }
        }
        _ => return Err(format!("constant field does not fit type '{ty}'")),
    }
    Ok(())
}
