//! Affine maps and integer sets of an op's attributes, evaluated on operand values.
//!
//! Parsing is `mlir_text::affine`'s; here an op's attribute is found, parsed (with an error
//! at the attribute when it is malformed), and evaluated with the op's operands split into
//! dimensions and symbols as the map declares them (dimensions first, as MLIR passes them).

use super::err;
use mlir_text::affine::{AffineMap, IntegerSet};
use mlir_text::{Attr, Diagnostic, Operation, Span};

fn attr_span(op: &Operation, name: &str) -> Span {
    op.named_attr(name).map(|a| a.span).unwrap_or(op.name_span)
}

/// The affine map in attribute `name` of `op`.
pub(crate) fn map_attr(op: &Operation, name: &str) -> Result<AffineMap, Diagnostic> {
    match op.attr(name) {
        Some(Attr::AffineMap(text)) => {
            AffineMap::parse(text).map_err(|e| err(attr_span(op, name), format!("bad affine map: {e}")))
        }
        _ => Err(err(op.span, format!("'{}' needs an affine map '{name}'", op.name))),
    }
}

/// The integer set in attribute `name` of `op`.
pub(crate) fn set_attr(op: &Operation, name: &str) -> Result<IntegerSet, Diagnostic> {
    match op.attr(name) {
        Some(Attr::AffineSet(text)) => {
            IntegerSet::parse(text).map_err(|e| err(attr_span(op, name), format!("bad integer set: {e}")))
        }
        _ => Err(err(op.span, format!("'{}' needs an integer set '{name}'", op.name))),
    }
}

fn split(dims: u32, syms: u32, operands: &[i64], at: Span) -> Result<(&[i64], &[i64]), Diagnostic> {
    let (d, s) = (dims as usize, syms as usize);
    if operands.len() != d + s {
        return Err(err(
            at,
            format!("the map takes {d} dimensions and {s} symbols, {} operands given", operands.len()),
        ));
    }
    Ok(operands.split_at(d))
}

/// The map's results at `operands` (dimensions, then symbols).
pub(crate) fn eval_map(map: &AffineMap, operands: &[i64], at: Span) -> Result<Vec<i64>, Diagnostic> {
    let (d, s) = split(map.num_dims, map.num_syms, operands, at)?;
    Ok(map.eval(d, s))
}

/// Whether `operands` (dimensions, then symbols) are in the set.
pub(crate) fn eval_set(set: &IntegerSet, operands: &[i64], at: Span) -> Result<bool, Diagnostic> {
    let (d, s) = split(set.num_dims, set.num_syms, operands, at)?;
    Ok(set.contains(d, s))
}
